import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { api, landingPathFor, loginRequestSchema, type LoginRequest } from '@freight/contracts';
import { callApi, isSessionValid, markLoginFailed, serverMessage, startSession, useSession } from '@freight/web-kit';

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.';

type LoginField = keyof LoginRequest;
type FieldErrors = Partial<Record<LoginField, string>>;

/** The first message per field of the contracts' schema: the same check the gateway makes. */
function validate(values: LoginRequest): { data?: LoginRequest; errors: FieldErrors } {
  const result = loginRequestSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as LoginField;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * '/' for now: the staff sign-in form (spec 01 §2, §4, §8). Two fields, so plain state
 * instead of a form library (ADR 18: the sign-in page is part of every first load). As
 * before: checked on submit, then again on every change; the first wrong field gets focus.
 */
export function SignInPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  if (session && isSessionValid()) return <Navigate to={landingPathFor(session.role)} replace />;

  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    if (submitted) setFieldErrors(validate(next).errors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const { data, errors } = validate(values);
    setFieldErrors(errors);
    if (!data) {
      const firstWrong = (['username', 'password'] as const).find((field) => errors[field]);
      if (firstWrong) inputs[firstWrong].current?.focus();
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const reply = await callApi(api.login, { body: data }, { auth: false });
      startSession(reply);
      navigate(landingPathFor(reply.user_role), { replace: true });
    } catch (e) {
      markLoginFailed();
      setError(serverMessage(e, LOGIN_FAILED_MESSAGE));
      setSubmitting(false);
    }
  };

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.1">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="sign-in-title">
          <Stack>
            <Title order={1} size="h2" id="sign-in-title">
              Staff sign-in
            </Title>
            <Text c="dimmed" size="sm">
              Welcome to Import Management
            </Text>
            <TextInput
              ref={inputs.username}
              name="username"
              label="Username"
              autoComplete="username"
              required
              value={values.username}
              onChange={change('username')}
              error={fieldErrors.username}
            />
            <PasswordInput
              ref={inputs.password}
              name="password"
              label="Password"
              autoComplete="current-password"
              // Keep the word 'password' out of the toggle's name: getByLabel('Password') finds the input only.
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
              required
              value={values.password}
              onChange={change('password')}
              error={fieldErrors.password}
            />
            <Button type="submit" loading={isSubmitting}>
              Sign in
            </Button>
            {error && (
              <Text c="red.9" role="alert">
                {error}
              </Text>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
