import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { SIGN_IN_REASONS, clientLoginRequestSchema, clientLoginResponseSchema, returnPath, type LoginRequest } from '@freight/contracts';
import { CLIENT_LOGIN_PATH, callApi, isSessionValid, markLoginFailed, startClientSession, useClientSession } from '@freight/web-kit';
import { NewsTicker, clientLandingPath } from '@freight/web-domain/client';

/** requirements 02 §8: any client sign-in failure reads the same. */
export const CLIENT_LOGIN_FAILED = 'Invalid username or password';

/**
 * `api.clientLogin` of the contracts, by its schemas: importing the whole `api` table would add
 * every resource's schemas to the portal's first render (a spec checks the two agree).
 */
export const clientLoginRoute = {
  method: 'POST',
  path: '/api/clientlogin/myclientlogin',
  body: clientLoginRequestSchema,
  reply: clientLoginResponseSchema,
} as const;

type Field = keyof LoginRequest;
type FieldErrors = Partial<Record<Field, string>>;

/** The first message per field of the contracts' schema: the check the gateway makes. */
function validate(values: LoginRequest): { data?: LoginRequest; errors: FieldErrors } {
  const result = clientLoginRequestSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return { errors };
}

/**
 * /clientlogin (requirements 02 §2): username and password, the active client news ticker, HOME to the
 * public site (`/`, a full page load: the edge serves the microsite there). A consignee goes to
 * /consigneeshipmentview, a shipper to /shippershipmentview; any failure says "Invalid username or
 * password" and leaves client_login 'false'. The portal's first render: plain state, no form library.
 * Sent here from a page of the portal (`?reason=…&next=…`), it says why and, signed in, goes to
 * that page instead (a path of this site only: contracts `returnPath`).
 */
export function ClientLoginPage() {
  const session = useClientSession();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const [asked] = useSearchParams();
  const reason = asked.get('reason');
  const why = reason && Object.hasOwn(SIGN_IN_REASONS, reason) ? SIGN_IN_REASONS[reason as keyof typeof SIGN_IN_REASONS] : undefined;
  const next = returnPath(asked.get('next'), CLIENT_LOGIN_PATH);

  // Signed in (here, or just now by this form): the page asked for, else the landing page.
  if (session && isSessionValid()) return <Navigate to={next ?? clientLandingPath(session.role)} replace />;

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const changed = { ...values, [field]: event.currentTarget.value };
    setValues(changed);
    if (submitted) setFieldErrors(validate(changed).errors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
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
      const reply = await callApi(clientLoginRoute, { body: data }, { auth: false });
      startClientSession(reply);
      navigate(next ?? clientLandingPath(reply.role), { replace: true });
    } catch {
      markLoginFailed();
      setError(CLIENT_LOGIN_FAILED);
      setSubmitting(false);
    }
  };

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.1">
      <Stack w="100%" maw={440} gap="md">
        <NewsTicker />
        <Paper withBorder shadow="sm" p="xl">
          <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="client-login-title">
            <Stack>
              <Group justify="space-between" align="center">
                <Title order={1} size="h2" id="client-login-title">
                  Client Login
                </Title>
                {/* A full page load: the edge serves the public microsite at '/'. */}
                <Button component="a" href="/" variant="light" size="compact-md">
                  HOME
                </Button>
              </Group>
              <Text c="dimmed" size="sm">
                Members Area: consignees and shippers
              </Text>
              {why && (
                <Text role="status" fw={600}>
                  {why}
                </Text>
              )}
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
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
                required
                value={values.password}
                onChange={change('password')}
                error={fieldErrors.password}
              />
              <Button type="submit" loading={submitting}>
                Login
              </Button>
              {error && (
                <Text c="red.9" role="alert">
                  {error}
                </Text>
              )}
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Center>
  );
}
