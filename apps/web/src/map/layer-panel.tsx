/**
 * The map's layer panel («Слои»): per layer a visibility switch (`layer-toggle-<id>`), its legend
 * (fill = status, outline = the layer's colour) whose rows are the status filter — a click turns
 * a status off or on (`layer-status-<id>-<STATUS>`); a layer with estimated points adds the row of
 * their ring (`layer-estimated-<id>`). Collapsible, over the map's left edge.
 */
import { Button, Card, Checkbox, Typography } from 'antd';
import { useState } from 'react';
import { ESTIMATE_COLOR, ESTIMATE_LABEL, layerLegend, visibleByDefault, type MapLayerDef } from './layers';

export interface LayerState {
  visible: boolean;
  /** Statuses left on; null = all. */
  statuses: string[] | null;
}

function Swatch({ fill, stroke }: { fill: string; stroke: string }) {
  return <span aria-hidden style={{ width: 12, height: 12, borderRadius: '50%', background: fill, border: `2px solid ${stroke}`, display: 'inline-block', boxSizing: 'border-box', flex: 'none' }} />;
}

export function LayerPanel({ layers, state, onChange }: { layers: MapLayerDef[]; state: Record<string, LayerState>; onChange: (id: string, s: LayerState) => void }) {
  const [open, setOpen] = useState(true);
  const groups = [...new Set(layers.map((l) => l.group))];
  return (
    <Card
      size="small"
      title="Слои"
      extra={<Button size="small" type="link" onClick={() => setOpen((o) => !o)}>{open ? 'Свернуть' : 'Развернуть'}</Button>}
      style={{ position: 'absolute', left: 12, top: 12, width: 300, maxHeight: 'calc(100% - 48px)', overflowY: 'auto', zIndex: 2, opacity: 0.96 }}
      data-testid="map-legend"
    >
      {open && groups.map((group) => (
        <div key={group} style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">{group}</Typography.Text>
          {layers.filter((l) => l.group === group).map((layer) => {
            const s = state[layer.id] ?? { visible: visibleByDefault(layer), statuses: null };
            const legend = layerLegend(layer);
            const on = (value: string) => s.statuses === null || s.statuses.includes(value);
            const toggleStatus = (value: string) => {
              const current = s.statuses ?? legend.map((r) => r.value);
              const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
              onChange(layer.id, { ...s, statuses: next.length === legend.length ? null : next });
            };
            return (
              <div key={layer.id} style={{ margin: '4px 0' }}>
                <Checkbox checked={s.visible} onChange={(e) => onChange(layer.id, { ...s, visible: e.target.checked })} data-testid={`layer-toggle-${layer.id}`}>
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                    <Swatch fill="#ffffff" stroke={layer.stroke} />
                    {layer.label}
                  </span>
                </Checkbox>
                {s.visible && (
                  <div style={{ paddingInlineStart: 24 }}>
                    {legend.map((r) => (
                      <button
                        key={r.value}
                        type="button"
                        onClick={() => toggleStatus(r.value)}
                        aria-pressed={on(r.value)}
                        title={on(r.value) ? 'Скрыть объекты с этим статусом' : 'Показать объекты с этим статусом'}
                        data-testid={`layer-status-${layer.id}-${r.value}`}
                        style={{ display: 'flex', alignItems: 'center', gap: 6, background: 'none', border: 0, padding: '1px 0', cursor: 'pointer', opacity: on(r.value) ? 1 : 0.4, textDecoration: on(r.value) ? 'none' : 'line-through', font: 'inherit' }}
                      >
                        <Swatch fill={r.color} stroke={r.stroke} />
                        {r.label}
                      </button>
                    ))}
                    {layer.estimated && (
                      <div data-testid={`layer-estimated-${layer.id}`} style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '1px 0' }}>
                        <span aria-hidden style={{ width: 12, height: 12, borderRadius: '50%', background: '#ffffff', border: `3px solid ${ESTIMATE_COLOR}`, display: 'inline-block', boxSizing: 'border-box', flex: 'none' }} />
                        {ESTIMATE_LABEL}
                      </div>
                    )}
                  </div>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </Card>
  );
}
