/** Shown when a page throws while rendering: a Russian message and a way back. */
import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="error"
      title="Что-то пошло не так"
      subTitle="Страница не открылась из-за ошибки в приложении. Обновите страницу или вернитесь к реестру."
      extra={
        <Button type="primary" onClick={() => window.location.assign('/terr-schema/containers/container/')}>
          К местам накопления
        </Button>
      }
    />
  );
}
