import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Form, Input, Spin, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { emailSchema, isCommonPassword, isPasswordAcceptable, resetPasswordSchema, TEXTS } from '@mahalle/shared';
import { ApiError } from '../../api/client';
import { fetchAccountOptions, requestPasswordReset, resendVerification, resetPassword, verifyEmail } from '../../api/auth';
import { fieldRule } from '../../components/formRules';
import { usePageMeta } from '../shell/meta';
import { Heading } from '../../components/Heading';
import { useSession } from '../../stores/session';

const H = TEXTS.accountHelp;

/**
 * Password help and e-mail confirmation. A link's token comes in the page's fragment
 * (`/reset-password#<token>`): browsers never send a fragment to a server or in a Referer, so it
 * stays out of every log; it is read once and the fragment is cleared from the address bar.
 */
function useLinkToken(): string {
  const [token] = useState(() => decodeURIComponent(window.location.hash.replace(/^#/, '')));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  return token;
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card style={{ maxWidth: 480, margin: '24px auto' }}>
      <Heading level={1} look={3}>
        {title}
      </Heading>
      {children}
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/login">{H.backToLogin}</Link>
      </Typography.Paragraph>
    </Card>
  );
}

const failureText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

export function ForgotPasswordPage() {
  usePageMeta({ title: H.forgotTitle });
  const options = useQuery({ queryKey: ['auth', 'options'], queryFn: fetchAccountOptions });
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async ({ email }: { email: string }) => {
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (err) {
      setError(failureText(err, TEXTS.errors.internal));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Frame title={H.forgotTitle}>
      {options.isPending ? (
        <Spin />
      ) : !options.data?.passwordResetByMail ? (
        <Alert type="info" showIcon message={H.askAdmin} data-testid="ask-admin" />
      ) : sent ? (
        <Alert type="success" showIcon message={H.forgotSent} role="status" />
      ) : (
        <Form name="forgot" layout="vertical" onFinish={submit} requiredMark={false}>
          <Typography.Paragraph>{H.forgotIntro}</Typography.Paragraph>
          <Form.Item label="E-posta" name="email" rules={[fieldRule(emailSchema)]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          {error && (
            <Typography.Paragraph type="danger" role="alert">
              {error}
            </Typography.Paragraph>
          )}
          <Button type="primary" htmlType="submit" block disabled={busy}>
            {H.forgotSubmit}
          </Button>
        </Form>
      )}
    </Frame>
  );
}

export function ResetPasswordPage() {
  usePageMeta({ title: H.resetTitle });
  const token = useLinkToken();
  const setUser = useSession((s) => s.setUser);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (values: { password: string; confirmPassword: string }) => {
    if (values.password !== values.confirmPassword) return setError(TEXTS.auth.passwordsDiffer);
    if (!isPasswordAcceptable(values.password)) return setError(TEXTS.auth.weakPassword);
    if (isCommonPassword(values.password)) return setError(TEXTS.auth.commonPassword);
    setBusy(true);
    setError(null);
    try {
      await resetPassword({ token, ...values });
      // Every session of the member ended, this browser's too.
      setUser(null);
      setDone(true);
    } catch (err) {
      setError(failureText(err, TEXTS.errors.internal));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Frame title={H.resetTitle}>
      {!token ? (
        <Alert type="warning" showIcon message={H.linkMissing} />
      ) : done ? (
        <Alert type="success" showIcon message={H.resetDone} role="status" />
      ) : (
        <Form name="reset" layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item label={H.newPassword} name="password" rules={[fieldRule(resetPasswordSchema.shape.password)]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label={H.newPasswordAgain} name="confirmPassword" rules={[fieldRule(resetPasswordSchema.shape.confirmPassword)]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {error && (
            <Typography.Paragraph type="danger" role="alert">
              {error} {error !== TEXTS.auth.weakPassword && <Link to="/forgot-password">{H.forgotLink}</Link>}
            </Typography.Paragraph>
          )}
          <Button type="primary" htmlType="submit" block disabled={busy}>
            {H.resetSubmit}
          </Button>
        </Form>
      )}
    </Frame>
  );
}

export function VerifyEmailPage() {
  usePageMeta({ title: H.verifyTitle });
  const token = useLinkToken();
  const [params] = useSearchParams();
  const [state, setState] = useState<{ kind: 'idle' | 'working' | 'done' | 'failed'; text?: string }>({ kind: token ? 'working' : 'idle' });
  const [resent, setResent] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verifyEmail(token).then(
      () => setState({ kind: 'done' }),
      (err: unknown) => setState({ kind: 'failed', text: failureText(err, TEXTS.errors.internal) }),
    );
  }, [token]);
  const resend = async ({ email }: { email: string }) => {
    try {
      await resendVerification(email);
      setResent(true);
    } catch (err) {
      setState({ kind: 'failed', text: failureText(err, TEXTS.errors.internal) });
    }
  };
  return (
    <Frame title={H.verifyTitle}>
      {state.kind === 'working' && <Spin tip={H.verifying} />}
      {state.kind === 'done' && <Alert type="success" showIcon message={H.verified} role="status" />}
      {state.kind === 'failed' && <Alert type="error" showIcon message={state.text} role="alert" />}
      {state.kind === 'idle' && params.get('sent') && <Alert type="info" showIcon message={H.verifyPending} role="status" />}
      {state.kind !== 'done' && state.kind !== 'working' && (
        <Form name="resend" layout="vertical" onFinish={resend} requiredMark={false} style={{ marginTop: 16 }}>
          <Typography.Paragraph>{H.resendIntro}</Typography.Paragraph>
          <Form.Item label="E-posta" name="email" rules={[fieldRule(emailSchema)]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          {resent ? <Alert type="success" showIcon message={H.resendSent} /> : <Button htmlType="submit">{H.resendSubmit}</Button>}
        </Form>
      )}
    </Frame>
  );
}
