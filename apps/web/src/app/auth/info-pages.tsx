/**
 * `/reg/` and `/restore/`: accounts and passwords are issued by the administrator
 * (apps/web/README.md), so these pages say so and lead back to sign-in.
 */
import { Button, Result } from 'antd';
import { Link } from 'react-router';

function InfoPage({ title, text }: { title: string; text: string }) {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
      <Result
        status="info"
        title={title}
        subTitle={text}
        extra={
          <Link to="/auth/">
            <Button type="primary">Ко входу</Button>
          </Link>
        }
      />
    </div>
  );
}

export function RegistrationPage() {
  return (
    <InfoPage
      title="Регистрация"
      text="Учётные записи создаёт администратор системы. Обратитесь к администратору регионального оператора, чтобы получить доступ."
    />
  );
}

export function RestorePage() {
  return (
    <InfoPage
      title="Восстановление пароля"
      text="Пароль восстанавливает администратор системы. Обратитесь к администратору регионального оператора, чтобы получить новый пароль."
    />
  );
}
