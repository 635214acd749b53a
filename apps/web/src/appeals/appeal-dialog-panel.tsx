/**
 * The chat of an appeal's card (spec 03 §2 «a chat dialog»; issue 11 §4): the messages, oldest
 * first (GET /api/appeals/{id}/dialog/), each with its author, time, text and files; a reply with
 * files (POST {id}/reply/, permission appeals:change). A reply by anyone reaches every open card
 * of the appeal live: the panel follows /topic/appeals.{id}.dialog while mounted and adds each
 * message once (by id), the sender's own too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appealDialogRoute, appealDialogTopic, appealReplyRoute, type AppealMessage, type Attachment } from '@tko/contract';
import { Button, Empty, Input, List, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { downloadAttachment, uploadAttachment } from '../api/attachments';
import { callRoute } from '../api/client';
import { errorMessage } from '../api/errors';
import { formatDateTime } from '../app/dates';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState } from '../app/states';
import { toast } from '../app/toasts';
import { useLiveSubscription } from '../live/use-live';

const PAGE_SIZE = 500;

/** Adds a message unless present (by id), keeping the time order. */
export function withMessage(list: AppealMessage[], m: AppealMessage): AppealMessage[] {
  if (list.some((x) => x.id === m.id)) return list;
  return [...list, m].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}

export function AppealDialogPanel({ id }: { id: unknown }) {
  const appealId = typeof id === 'number' ? id : null;
  const client = useQueryClient();
  const canReply = useCan('appeals:change');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Attachment[]>([]);
  const key = ['appeals', 'dialog', appealId];
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callRoute(appealDialogRoute, { params: { id: appealId! }, query: { page_size: PAGE_SIZE } }, { signal }),
    enabled: appealId !== null,
  });
  const add = (m: AppealMessage) =>
    client.setQueryData(key, (old: typeof q.data) => (old ? { ...old, count: old.results.some((x) => x.id === m.id) ? old.count : old.count + 1, results: withMessage(old.results, m) } : old));
  useLiveSubscription(appealId === null ? null : appealDialogTopic(appealId), (body) => add(body as AppealMessage));
  const send = useMutation({
    mutationFn: () => callRoute(appealReplyRoute, { params: { id: appealId! }, body: { text, files: files.map((f) => f.id) } }),
    onSuccess: (m) => {
      add(m);
      setText('');
      setFiles([]);
      void client.invalidateQueries({ queryKey: ['resources', 'appeals'] });
    },
    onError: (e) => toast.error('Ответ не отправлен', errorMessage(e)),
  });

  if (appealId === null) return <Empty description="Диалог появится после сохранения обращения." />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="appeal-dialog">
      <List<AppealMessage>
        loading={q.isLoading}
        dataSource={q.data?.results ?? []}
        locale={{ emptyText: 'Сообщений пока нет.' }}
        renderItem={(m) => (
          <List.Item data-testid="appeal-message">
            <List.Item.Meta
              title={<Space><Typography.Text strong>{m.author_name}</Typography.Text><Typography.Text type="secondary">{formatDateTime(m.created_at)}</Typography.Text></Space>}
              description={
                <Space direction="vertical">
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{m.text}</Typography.Paragraph>
                  {m.files.map((f) => <Button key={f.id} type="link" size="small" onClick={() => void downloadAttachment(f)}>{f.name}</Button>)}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      {canReply && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.TextArea aria-label="Текст ответа" placeholder="Ответ заявителю…" autoSize={{ minRows: 2, maxRows: 8 }} value={text} onChange={(e) => setText(e.target.value)} maxLength={20000} />
          <Space>
            <Upload
              multiple
              showUploadList={false}
              customRequest={({ file, onSuccess, onError }) => {
                uploadAttachment(file as File).then((a) => { setFiles((fs) => [...fs, a]); onSuccess?.(a); }, (e: unknown) => { toast.error('Файл не загружен', errorMessage(e)); onError?.(e as Error); });
              }}
            >
              <Button>Прикрепить файл</Button>
            </Upload>
            {files.map((f) => <Typography.Text key={f.id} type="secondary">{f.name}</Typography.Text>)}
            <Button type="primary" onClick={() => send.mutate()} loading={send.isPending} disabled={!text.trim()}>Отправить</Button>
          </Space>
        </Space>
      )}
    </Space>
  );
}
