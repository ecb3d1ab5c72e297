import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { api, landingPathFor, loginRequestSchema, type LoginRequest } from '@freight/contracts';
import { callApi, isSessionValid, markLoginFailed, serverMessage, startSession, useSession } from '@freight/web-kit';

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.';

/** '/' for now: the staff sign-in form (spec 01 §2, §4, §8). */
export function SignInPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginRequest>({ resolver: zodResolver(loginRequestSchema), defaultValues: { username: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  if (session && isSessionValid()) return <Navigate to={landingPathFor(session.role)} replace />;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const reply = await callApi(api.login, { body: values }, { auth: false });
      startSession(reply);
      navigate(landingPathFor(reply.user_role), { replace: true });
    } catch (e) {
      markLoginFailed();
      setError(serverMessage(e, LOGIN_FAILED_MESSAGE));
    }
  });

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.1">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400}>
        <form onSubmit={submit} noValidate aria-labelledby="sign-in-title">
          <Stack>
            <Title order={1} size="h2" id="sign-in-title">
              Staff sign-in
            </Title>
            <Text c="dimmed" size="sm">
              Welcome to Import Management
            </Text>
            <TextInput label="Username" autoComplete="username" required {...form.register('username')} error={errors.username?.message} />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              // Keep the word 'password' out of the toggle's name: getByLabel('Password') finds the input only.
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
              required
              {...form.register('password')}
              error={errors.password?.message}
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
