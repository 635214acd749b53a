/**
 * The page's one h1 (WCAG 2.4.6, axe `page-has-heading-one`; issue 15 §3), drawn at the size the
 * pages had with a level-3 title (24 px), so headings are semantic without changing the look.
 * `hidden`: present for screen readers only (pages whose visible title is elsewhere, e.g. the map).
 */
import { Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

const LOOK: CSSProperties = { margin: 0, fontSize: 24, lineHeight: 1.33 };

export function PageTitle({ children, hidden = false, style }: { children: ReactNode; hidden?: boolean; style?: CSSProperties }) {
  if (hidden) return <h1 className="visually-hidden">{children}</h1>;
  return (
    <Typography.Title level={1} style={{ ...LOOK, ...style }}>
      {children}
    </Typography.Title>
  );
}
