/** The map legend: fill colour = status, outline colour = kind of the waste area. */
import { Card, Typography } from 'antd';
import { legendEntries } from './map-style';

export function MapLegend() {
  const { statuses, kinds } = legendEntries();
  return (
    <Card size="small" title="Условные обозначения" style={{ position: 'absolute', left: 12, bottom: 32, width: 280, zIndex: 2, opacity: 0.95 }} data-testid="map-legend">
      <Typography.Text strong>Статус (заливка)</Typography.Text>
      {statuses.map((s) => (
        <div key={s.value} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <span style={{ width: 12, height: 12, borderRadius: '50%', background: s.color, display: 'inline-block' }} />
          {s.label}
        </div>
      ))}
      <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
        Вид (обводка)
      </Typography.Text>
      {kinds.map((k) => (
        <div key={k.value} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <span style={{ width: 12, height: 12, borderRadius: '50%', border: `3px solid ${k.color}`, display: 'inline-block', boxSizing: 'border-box' }} />
          {k.label}
        </div>
      ))}
    </Card>
  );
}
