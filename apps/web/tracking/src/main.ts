// The microsite's script (skeleton: issue 11 fills it in).
