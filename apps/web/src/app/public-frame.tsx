/**
 * The signed-out pages' frame (sign-up, password restore, the citizen's appeal pages): a card
 * centred on a grey page, the page's one h1, and the links under it. Shared so every page a
 * visitor reaches without an account looks the same.
 */
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

export function PublicFrame({ title, width = 460, footer, children }: { title: ReactNode; width?: number; footer?: ReactNode; children: ReactNode }) {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5', padding: 16 }}>
      <Card style={{ width, maxWidth: '100%' }}>
        <PageTitle style={{ marginBottom: 8 }}>{title}</PageTitle>
        {children}
        {footer && <div style={{ marginTop: 16 }}>{footer}</div>}
      </Card>
    </main>
  );
}
