import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Form, Input, Progress, Row, Tabs, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import { useApp } from '../../components/LazyFeedback';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  displayNameSchema,
  emailSchema,
  isCommonPassword,
  isPasswordAcceptable,
  LIMITS,
  loadCommonPasswords,
  loginSchema,
  passwordScore,
  passwordStrength,
  registerSchema,
  TEXTS,
  usernameSchema,
  type RegisterInput,
  type SignedIn,
} from '@mahalle/shared';
import { ApiError, setToken } from '../../api/client';
import { login as signIn, register as signUp } from '../../api/auth';
import { fieldRule } from '../../components/formRules';
import { useBlogPosts } from '../../api/blog';
import { useQuestions } from '../../api/questions';
import { useUpcomingEvents } from '../../api/events';
import { platform } from '../../platform';
import { useSession } from '../../stores/session';
import { usePageMeta } from '../shell/meta';
import { Heading, visuallyHidden } from '../../components/Heading';
import { AppealButton } from '../../components/AppealButton';
import { useAppealSuspension } from '../../api/appeals';

const T = TEXTS.auth;

/** Says a common password under the field as it is typed; the list is fetched on first use. */
async function notCommon(_rule: unknown, value: string | undefined) {
  if (!value) return;
  await loadCommonPasswords().catch(() => undefined); // offline: the server still says it
  if (isCommonPassword(value)) throw new Error(T.commonPassword);
}

/** A consent box of the register form: it must be ticked. */
const mustAccept = (text: string) => ({
  validator: (_rule: unknown, value: boolean | undefined) => (value ? Promise.resolve() : Promise.reject(new Error(text))),
});

function PromoPanel() {
  const { data: blog = [] } = useBlogPosts({ limit: 2 });
  const { data: questions } = useQuestions({ pageSize: 2, sort: 'popular' });
  const { data: events = [] } = useUpcomingEvents(2);
  return (
    <Card style={{ height: '100%', background: 'linear-gradient(160deg,#6d28d9,#be185d)', color: '#fff' }}>
      <Heading level={2} style={{ color: '#fff' }}>
        Mahalle
      </Heading>
      <Typography.Paragraph style={{ color: '#fff' }}>Şehrinin topluluğuna katıl.</Typography.Paragraph>
      <Heading level={3} look={5} style={{ color: '#fff' }}>
        Son blog yazıları
      </Heading>
      {blog.map((b) => (
        <div key={b.id}>
          <Link to={`/blog/${b.slug}`} className="line-link" style={{ color: '#fff' }}>
            {b.title}
          </Link>
        </div>
      ))}
      <Heading level={3} look={5} style={{ color: '#fff', marginTop: 12 }}>
        Popüler sorular
      </Heading>
      {questions?.items.slice(0, 2).map((q) => (
        <div key={q.id}>
          <Link to={`/qa/question/${q.id}`} className="line-link" style={{ color: '#fff' }}>
            {q.title}
          </Link>
        </div>
      ))}
      <Heading level={3} look={5} style={{ color: '#fff', marginTop: 12 }}>
        Yaklaşan etkinlikler
      </Heading>
      {events.map((e) => (
        <div key={e.id}>{e.title}</div>
      ))}
      <div style={{ marginTop: 16 }}>
        <Link to="/" className="line-link" style={{ color: '#fff' }}>
          ← Ana sayfaya dön
        </Link>
      </div>
      {platform.kind === 'desktop' && (
        <div>
          <Link to="/server" className="line-link" style={{ color: '#fff' }}>
            Sunucuyu değiştir
          </Link>
        </div>
      )}
    </Card>
  );
}

function StrengthMeter({ password }: { password: string }) {
  const { token } = theme.useToken();
  if (!password) return null;
  const strength = passwordStrength(password);
  const label = { weak: 'Zayıf', medium: 'Orta', strong: 'Güçlü' }[strength];
  const color = { weak: token.colorErrorText, medium: token.colorWarningText, strong: token.colorSuccessText }[strength];
  return (
    <div data-testid="strength">
      <Progress percent={(passwordScore(password) / 5) * 100} showInfo={false} strokeColor={color} size="small" />
      <Typography.Text style={{ color }}>Şifre gücü: {label}</Typography.Text>
    </div>
  );
}

/** A form's last lines: what went wrong, if anything, above its submit button (which waits while the form is sent). */
function SubmitRow({ error, busy, label, busyLabel }: { error: string | null; busy: boolean; label: string; busyLabel: string }) {
  return (
    <>
      {error && (
        <Typography.Paragraph type="danger" role="alert">
          {error}
        </Typography.Paragraph>
      )}
      <Button type="primary" htmlType="submit" block disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

export default function LoginPage() {
  usePageMeta({ title: 'Giriş Yap' });
  const [params] = useSearchParams();
  // After 'Hesabımı sil': when the account goes, and that signing in cancels it.
  const deletion = params.get('deletion');
  const deletionAt = deletion && !Number.isNaN(Date.parse(deletion)) ? deletion : null;
  const [tab, setTab] = useState(params.get('tab') === 'register' ? 'register' : 'login');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [notVerified, setNotVerified] = useState(false);
  // Refused as suspended: the name and password they typed, for an appeal from here (they have no session).
  const [suspended, setSuspended] = useState<{ username: string; password: string } | null>(null);
  const appealSuspension = useAppealSuspension();
  const setUser = useSession((s) => s.setUser);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = useApp();

  // The common-password list is a chunk of its own: fetched when the register tab opens.
  useEffect(() => {
    if (tab === 'register') void loadCommonPasswords().catch(() => undefined);
  }, [tab]);

  const signedIn = (user: SignedIn, delay = 0) => {
    if (user.token) setToken(user.token);
    setUser(user);
    void qc.invalidateQueries();
    setTimeout(() => navigate('/'), delay);
  };

  const login = async (values: { username: string; password: string; remember: boolean }) => {
    setBusy(true);
    setError(null);
    setNotVerified(false);
    setSuspended(null);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), LIMITS.loginTimeoutMs);
    try {
      const user = await signIn(values, controller.signal);
      // Signing in during the grace period of 'Hesabımı sil' cancelled the deletion: say so.
      if (user.deletionCancelled) void message.success({ content: TEXTS.privacy.deletionCancelled, duration: 8 });
      signedIn(user);
    } catch (err) {
      if ((err as Error).name === 'AbortError') setError(T.loginTimeout);
      else if (err instanceof ApiError && err.code === 'email_not_verified') setNotVerified(true);
      else if (err instanceof ApiError && err.code === 'account_suspended') {
        setSuspended({ username: values.username, password: values.password });
        setError(err.message);
      } else setError(err instanceof ApiError ? err.message : T.loginFailed);
    } finally {
      clearTimeout(timer);
      setBusy(false);
    }
  };

  const register = async (values: RegisterInput) => {
    if (values.password !== values.confirmPassword) return setError(T.passwordsDiffer);
    if (!isPasswordAcceptable(values.password)) return setError(T.weakPassword);
    if (isCommonPassword(values.password)) return setError(T.commonPassword);
    setBusy(true);
    setError(null);
    try {
      const user = await signUp(values);
      // REQUIRE_EMAIL_VERIFICATION: no session yet; the member follows the mailed link first.
      if (user.emailVerificationRequired) return void navigate('/verify-email?sent=1');
      message.success('Hoş geldin!');
      signedIn(user, LIMITS.registerRedirectMs);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : T.registerFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Row gutter={24} style={{ maxWidth: 1000, margin: '0 auto' }}>
      <h1 style={visuallyHidden}>{tab === 'register' ? 'Üye Ol' : 'Giriş Yap'}</h1>
      <Col xs={0} md={10}>
        <PromoPanel />
      </Col>
      <Col xs={24} md={14}>
        {deletionAt && (
          <Alert
            type="warning"
            showIcon
            role="status"
            style={{ marginBottom: 16 }}
            message={TEXTS.privacy.deleteScheduled(dayjs(deletionAt).format('D MMMM YYYY HH:mm'))}
          />
        )}
        <Card>
          <Tabs
            activeKey={tab}
            onChange={(k) => {
              setTab(k);
              setError(null);
            }}
            items={[
              {
                key: 'login',
                label: 'Giriş Yap',
                children: (
                  <Form name="login" layout="vertical" onFinish={login} initialValues={{ remember: true }} requiredMark={false}>
                    <Form.Item label="Kullanıcı adı" name="username" rules={[fieldRule(loginSchema.shape.username)]}>
                      <Input autoComplete="username" />
                    </Form.Item>
                    <Form.Item label="Şifre" name="password" rules={[fieldRule(loginSchema.shape.password)]}>
                      <Input.Password autoComplete="current-password" />
                    </Form.Item>
                    <Form.Item name="remember" valuePropName="checked" style={{ marginBottom: 8 }}>
                      <Checkbox>Beni hatırla</Checkbox>
                    </Form.Item>
                    <Typography.Paragraph>
                      <Link to="/forgot-password" className="line-link">
                        {TEXTS.accountHelp.forgotLink}
                      </Link>
                    </Typography.Paragraph>
                    {notVerified && (
                      <Typography.Paragraph type="danger" role="alert">
                        {TEXTS.accountHelp.emailNotVerified} <Link to="/verify-email">{TEXTS.accountHelp.resendSubmit}</Link>
                      </Typography.Paragraph>
                    )}
                    <SubmitRow error={error} busy={busy} label="Giriş Yap" busyLabel={T.verifying} />
                    {suspended && (
                      <AppealButton
                        key={suspended.username}
                        intro={TEXTS.appeals.suspensionIntro}
                        send={(note) => appealSuspension.mutateAsync({ ...suspended, note })}
                      />
                    )}
                  </Form>
                ),
              },
              {
                key: 'register',
                label: 'Üye Ol',
                children: (
                  <Form name="register" layout="vertical" onFinish={register} requiredMark={false}>
                    <Form.Item label="Ad Soyad" name="displayName" rules={[fieldRule(displayNameSchema)]}>
                      <Input autoComplete="name" />
                    </Form.Item>
                    <Form.Item label="Kullanıcı adı" name="username" rules={[fieldRule(usernameSchema)]}>
                      <Input autoComplete="username" />
                    </Form.Item>
                    <Form.Item label="E-posta" name="email" rules={[fieldRule(emailSchema)]}>
                      <Input type="email" autoComplete="email" />
                    </Form.Item>
                    <Form.Item label="Şifre" name="password" rules={[fieldRule(registerSchema.shape.password), { validator: notCommon }]}>
                      <Input.Password autoComplete="new-password" onChange={(e) => setPassword(e.target.value)} />
                    </Form.Item>
                    <StrengthMeter password={password} />
                    <Form.Item label="Şifre tekrar" name="confirmPassword" rules={[fieldRule(registerSchema.shape.confirmPassword)]}>
                      <Input.Password autoComplete="new-password" />
                    </Form.Item>
                    <Form.Item name="acceptTerms" valuePropName="checked" style={{ marginBottom: 4 }} rules={[mustAccept(TEXTS.privacy.termsRequired)]}>
                      <Checkbox>
                        <Link to="/kullanim-kosullari" target="_blank" rel="noopener" style={{ textDecoration: 'underline' }}>
                          {TEXTS.privacy.acceptTermsLink}
                        </Link>
                        {TEXTS.privacy.acceptRest}
                      </Checkbox>
                    </Form.Item>
                    <Form.Item name="acceptPrivacy" valuePropName="checked" rules={[mustAccept(TEXTS.privacy.privacyRequired)]}>
                      <Checkbox>
                        <Link to="/gizlilik" target="_blank" rel="noopener" style={{ textDecoration: 'underline' }}>
                          {TEXTS.privacy.acceptPrivacyLink}
                        </Link>
                        {TEXTS.privacy.acceptRest}
                      </Checkbox>
                    </Form.Item>
                    <SubmitRow error={error} busy={busy} label="Üye Ol" busyLabel={T.creatingAccount} />
                  </Form>
                ),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
