/**
 * The citizen's appeal page (issue 25 §2), opened from the link e-mailed with each staff reply
 * (`PUBLIC_APPEAL_WEB_PATH?token=…`, contract routes/contracts-appeals.ts; no account, the signed
 * token is the key): the appeal's number, status, category, dates and text, the dialog oldest first,
 * and a form to answer (POST …/dialog/answer/; the answer reaches the staff live). States: no token,
 * a bad or expired link (400 on its token: the server's Russian words and the way to a new appeal), a closed
 * appeal (no answer form; the 409 of an appeal closed meanwhile says the same).
 */
import { useQuery } from '@tanstack/react-query';
import type { AppealMessage, PublicAppealDialog } from '@tko/contract';
import { PUBLIC_APPEAL_FORM_WEB_PATH } from '@tko/contract';
import { Alert, Button, Descriptions, Form, Input, List, Result, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../api/errors';
import { answerAppeal, fetchAppealDialog } from '../api/public-appeals';
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

function AnswerForm({ token, onSent }: { token: string; onSent: () => void }) {
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
        await answerAppeal(token, v.text);
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

function Dialog({ data, token, onSent }: { data: PublicAppealDialog; token: string; onSent: () => void }) {
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
          : <AnswerForm token={token} onSent={onSent} />}
      </div>
    </>
  );
}

export function PublicAppealPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const dialog = useQuery({
    queryKey: ['public-appeal', token],
    queryFn: ({ signal }) => fetchAppealDialog(token, signal),
    enabled: token.length > 0,
    retry: false,
  });
  const title = dialog.data ? `Обращение № ${dialog.data.appeal.id}` : 'Обращение';
  let body;
  if (!token) {
    body = <Result status="warning" title="Нужна ссылка из письма" subTitle="Откройте страницу по ссылке из письма с ответом на ваше обращение." />;
  } else if (dialog.isPending) {
    body = <LoadingState />;
  } else if (dialog.isError) {
    const denied = dialog.error instanceof ApiError && (dialog.error.status === 403 || dialog.error.status === 400);
    body = denied
      ? <Result status="warning" title="Ссылка недействительна или устарела" subTitle={errorMessage(dialog.error)} data-testid="public-appeal-bad-link" />
      : <Result status="error" title="Не удалось загрузить обращение" subTitle={errorMessage(dialog.error)} extra={<Button onClick={() => void dialog.refetch()}>Повторить</Button>} />;
  } else {
    body = <Dialog data={dialog.data} token={token} onSent={() => void dialog.refetch()} />;
  }
  return <PublicFrame title={title} width={720} footer={NEW_APPEAL}>{body}</PublicFrame>;
}
