/** Loading, error and access states of data pages, in Russian. */
import { Button, Result, Spin } from 'antd';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../api/errors';
import { PageTitle } from './page-title';

export function LoadingState({ text = 'Загрузка…' }: { text?: string }) {
  return (
    <div style={{ padding: 48, textAlign: 'center' }} role="status" aria-live="polite">
      <Spin size="large" description={text} />
    </div>
  );
}

export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const status = error instanceof ApiError ? error.status : 0;
  const heading = title ?? (status === 404 ? 'Объект не найден' : status === 403 ? 'Недостаточно прав' : 'Не удалось загрузить данные');
  return (
    <Result
      status={status === 404 ? '404' : status === 403 ? '403' : 'error'}
      title={heading}
      subTitle={errorMessage(error)}
      extra={onRetry && status !== 404 && status !== 403 ? <Button onClick={onRetry}>Повторить</Button> : undefined}
    />
  );
}

export function ForbiddenState({ text = 'У вас нет прав на просмотр этого раздела. Обратитесь к администратору.' }: { text?: string }) {
  return <Result status="403" title="Доступ запрещён" subTitle={text} />;
}

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title={<PageTitle>Страница не найдена</PageTitle>}
      subTitle="Проверьте адрес или вернитесь к реестру."
      extra={
        <Link to="/terr-schema/containers/container/">
          <Button type="primary">К местам накопления</Button>
        </Link>
      }
    />
  );
}
