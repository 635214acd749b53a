/**
 * The citizen's appeal page (docs/DECISIONS.md «The citizen's web pages»), opened
 * from the link e-mailed with each staff reply
 * (`PUBLIC_APPEAL_WEB_PATH?token=…`, contract routes/contracts-appeals.ts; no account). The link
 * opens once (docs/DECISIONS.md «Single-use appeal links»): the page exchanges it for a session kept
 * in this browser (appeal-session.ts) and replaces the address by `?appeal=<id>`, so a reload or a
 * later visit in this browser reads the appeal until the session ends. Then: the appeal's number,
 * status, category, dates and text, the dialog oldest first, and a form to answer (the answer reaches
 * the staff live). States: no link; a bad or expired link (the server's words, the way to a new
 * appeal); a link already opened in another browser or an ended session (the server's words and a
 * form asking for a new link by e-mail); a closed appeal (no answer form).
 */
import { useQuery } from '@tanstack/react-query';
import type { AppealMessage, PublicAppealDialog } from '@tko/contract';
import { PUBLIC_APPEAL_FORM_WEB_PATH } from '@tko/contract';
import { Alert, Button, Descriptions, Form, Input, InputNumber, List, Result, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../api/errors';
import { answerAppeal, fetchAppealDialog, openAppealLink, requestAppealLink } from '../api/public-appeals';
import { appealIdOfLink, forgetAppealSession, saveAppealSession, savedAppealSession } from './appeal-session';
import { formatDateTime } from '../app/dates';
import { applyErrors } from '../app/form-errors';
import { PublicFrame } from '../app/public-frame';
import { LoadingState } from '../app/states';

const NEW_APPEAL = <Link to={PUBLIC_APPEAL_FORM_WEB_PATH}>Написать новое обращение</Link>;

function Message({ m }: { m: AppealMessage }) {
  return (
    <List.Item data-testid="public-appeal-message">
      <div style={{ width: '100%' }}>
        <Typography.Text strong>{m.author_name}</Typography.Text>
        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>{formatDateTime(m.created_at)}</Typography.Text>
        <div style={{ whiteSpace: 'pre-wrap', marginTop: 4 }}>{m.text}</div>
      </div>
    </List.Item>
  );
}

function AnswerForm({ session, onSent }: { session: string; onSent: () => void }) {
  const [form] = Form.useForm<{ text: string }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  return (
    <Form form={form} name="public-appeal-answer" layout="vertical" onFinish={async (v) => {
      setFailure(null);
      setSent(false);
      setBusy(true);
      try {
        await answerAppeal(session, v.text);
        form.resetFields();
        setSent(true);
        onSent();
      } catch (e) {
        setFailure(applyErrors(form, e, ['text']));
        if (e instanceof ApiError && e.status === 409) onSent();
      } finally {
        setBusy(false);
      }
    }}>
      {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
      {sent && <Alert type="success" showIcon role="status" title="Ответ отправлен." style={{ marginBottom: 16 }} />}
      <Form.Item name="text" label="Ваш ответ" rules={[{ required: true, whitespace: true, message: 'Напишите текст.' }, { max: 20000, message: 'Не более 20 000 символов.' }]}>
        <Input.TextArea rows={4} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>Отправить ответ</Button>
    </Form>
  );
}

function Dialog({ data, session, onSent }: { data: PublicAppealDialog; session: string; onSent: () => void }) {
  const a = data.appeal;
  const closed = a.status === 'CLOSED';
  return (
    <>
      <Descriptions column={1} size="small" bordered items={[
        { key: 'status', label: 'Статус', children: <span data-testid="public-appeal-status">{a.status_label}</span> },
        { key: 'category', label: 'Тема', children: a.category_label },
        { key: 'received', label: 'Поступило', children: formatDateTime(a.received_at) || '—' },
        { key: 'deadline', label: 'Срок ответа', children: formatDateTime(a.deadline_at) || '—' },
        { key: 'location', label: 'Адрес', children: a.location ?? '—' },
        { key: 'text', label: 'Текст обращения', children: <span style={{ whiteSpace: 'pre-wrap' }}>{a.text}</span> },
      ]} />
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>Переписка</Typography.Title>
      <div data-testid="public-appeal-dialog">
        <List locale={{ emptyText: 'Сообщений пока нет.' }} dataSource={data.messages} rowKey="id" renderItem={(m) => <Message m={m} />} />
      </div>
      <div style={{ marginTop: 16 }}>
        {closed
          ? <Alert type="info" showIcon title="Обращение закрыто: ответить в нём нельзя." description={<>Если вопрос остался, <Link to={PUBLIC_APPEAL_FORM_WEB_PATH}>напишите новое обращение</Link>.</>} />
          : <AnswerForm session={session} onSent={onSent} />}
      </div>
    </>
  );
}

/** Asks for a new link to the appeal's e-mail (the server answers the same words whether or not it matched). */
function NewLinkForm({ appeal }: { appeal: number | null }) {
  const [form] = Form.useForm<{ appeal: number; email: string }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <Form form={form} name="public-appeal-new-link" layout="vertical" initialValues={appeal ? { appeal } : {}} style={{ maxWidth: 420, margin: '0 auto', textAlign: 'left' }}
      onFinish={async (v) => {
        setFailure(null);
        setBusy(true);
        try {
          setSent((await requestAppealLink(v.appeal, v.email)).detail);
        } catch (e) {
          setFailure(applyErrors(form, e, ['appeal', 'email']));
        } finally {
          setBusy(false);
        }
      }}>
      {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
      {sent && <Alert type="success" showIcon role="status" title={sent} style={{ marginBottom: 16 }} data-testid="public-appeal-link-sent" />}
      <Form.Item name="appeal" label="Номер обращения" rules={[{ required: true, message: 'Укажите номер обращения.' }]}>
        <InputNumber min={1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="email" label="Электронная почта, указанная в обращении" rules={[{ required: true, type: 'email', message: 'Укажите адрес электронной почты, например ivanov@mail.ru.' }]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>Выслать новую ссылку</Button>
    </Form>
  );
}

/** The refusal of a spent link or an ended session: the server's words and the new-link form. */
const NeedNewLink = ({ appeal, reason }: { appeal: number | null; reason: string }) => (
  <Result status="warning" title="Нужна новая ссылка" subTitle={reason} data-testid="public-appeal-need-link" extra={<NewLinkForm appeal={appeal} />} />
);

/** The link's exchange: the session (saved) and the appeal, or the refusal. */
function useOpenLink(token: string) {
  return useQuery({
    queryKey: ['public-appeal-link', token],
    queryFn: async () => {
      const id = appealIdOfLink(token);
      const s = await openAppealLink(token, id === null ? undefined : (savedAppealSession(id) ?? undefined));
      saveAppealSession(s);
      return s;
    },
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function PublicAppealPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token') ?? '';
  const appealParam = Number(params.get('appeal') ?? '');
  const opened = useOpenLink(token);
  // Opened: the link leaves the address (and the history), the page goes on by the appeal's number.
  useEffect(() => {
    if (opened.data) setParams({ appeal: String(opened.data.appeal_id) }, { replace: true });
  }, [opened.data, setParams]);
  const appealId = Number.isInteger(appealParam) && appealParam > 0 ? appealParam : null;
  const session = appealId === null ? null : savedAppealSession(appealId);
  const dialog = useQuery({
    queryKey: ['public-appeal', appealId, session],
    queryFn: ({ signal }) => fetchAppealDialog(session!, signal),
    enabled: !token && session !== null,
    retry: false,
  });
  useEffect(() => {
    if (dialog.error instanceof ApiError && dialog.error.status === 400 && appealId !== null) forgetAppealSession(appealId);
  }, [dialog.error, appealId]);

  const title = dialog.data ? `Обращение № ${dialog.data.appeal.id}` : 'Обращение';
  let body;
  if (token) {
    if (opened.isError) {
      const e = opened.error;
      const spent = e instanceof ApiError && e.status === 400 && (e.fieldErrors.token ?? []).some((m) => m.startsWith('Эта ссылка уже открыта'));
      if (spent) body = <NeedNewLink appeal={appealIdOfLink(token)} reason={errorMessage(e)} />;
      else if (e instanceof ApiError && e.status === 400) body = <Result status="warning" title="Ссылка недействительна или устарела" subTitle={errorMessage(e)} data-testid="public-appeal-bad-link" />;
      else body = <Result status="error" title="Не удалось открыть ссылку" subTitle={errorMessage(e)} extra={<Button onClick={() => void opened.refetch()}>Повторить</Button>} />;
    } else {
      body = <LoadingState />;
    }
  } else if (appealId === null) {
    body = <Result status="warning" title="Нужна ссылка из письма" subTitle="Откройте страницу по ссылке из письма с ответом на ваше обращение." />;
  } else if (session === null) {
    body = <NeedNewLink appeal={appealId} reason="Сеанс в этом браузере завершён или не начинался: откройте ссылку из последнего письма или запросите новую." />;
  } else if (dialog.isPending) {
    body = <LoadingState />;
  } else if (dialog.isError) {
    body = dialog.error instanceof ApiError && dialog.error.status === 400
      ? <NeedNewLink appeal={appealId} reason={errorMessage(dialog.error)} />
      : <Result status="error" title="Не удалось загрузить обращение" subTitle={errorMessage(dialog.error)} extra={<Button onClick={() => void dialog.refetch()}>Повторить</Button>} />;
  } else {
    body = <Dialog data={dialog.data} session={session} onSent={() => void dialog.refetch()} />;
  }
  return <PublicFrame title={title} width={720} footer={NEW_APPEAL}>{body}</PublicFrame>;
}
