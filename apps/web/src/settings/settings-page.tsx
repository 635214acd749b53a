/**
 * /settings/ — system settings (spec 03 §2 "System settings editor: general info tab", §7;
 * issue 14 §4): region, the maps' centre («широта, долгота») and zooms (main map and the cards'
 * small maps), the date route periodicity counts from, the radius filter's default radius.
 * Read by any signed-in user; saved (PUT with the body alone) with `system-settings:change`.
 * The map and the public map open at the saved centre and zoom. The forecast's base year and
 * population coefficients per year (docs/ANALYTICS.md «Прогноз образования»). The external map
 * style (`map_style_url`, a MapLibre style.json of a tile service): the maps draw on it while no
 * region base map is loaded (docs/REGION.md «Подложка карты»), from the next page load on (the
 * page's security policy allows the style's origin from then).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCoordinates, type SystemSettings } from '@tko/contract';
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Space, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../api/errors';
import { fetchSystemSettings, saveSystemSettings } from '../api/system-settings';
import { DATE_INPUT_FORMATS, WIRE_DATE } from '../app/dates';
import { PageTitle } from '../app/page-title';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState, LoadingState } from '../app/states';
import { toast } from '../app/toasts';

interface Values {
  region: string;
  center: string;
  map_zoom: number | null;
  map_zoom_mini: number | null;
  route_periodicity_from: Dayjs | null;
  radius_filter: number | null;
  forecast_base_year: number | null;
  environmental_charge_rate: number | null;
  forecast_growth: { year: number | null; coefficient: number | null }[];
  warm_season_from: string;
  warm_season_to: string;
  map_style_url: string;
}

const valuesOf = (s: SystemSettings): Values => ({
  region: s.region ?? '',
  center: s.center_coordinates ? formatCoordinates(s.center_coordinates) : '',
  map_zoom: s.map_zoom,
  map_zoom_mini: s.map_zoom_mini,
  route_periodicity_from: s.route_periodicity_from ? dayjs(s.route_periodicity_from) : null,
  radius_filter: s.radius_filter,
  forecast_base_year: s.forecast_base_year,
  environmental_charge_rate: s.environmental_charge_rate,
  forecast_growth: s.forecast_growth,
  warm_season_from: s.warm_season_from,
  warm_season_to: s.warm_season_to,
  map_style_url: s.map_style_url ?? '',
});
/** The maps open at the zooms: once set they stay set (the PUT refuses null). */
const ZOOM_RULES = [{ required: true, message: 'Обязательное поле.' }];

const FIELD_OF: Record<string, keyof Values> = { center_coordinates: 'center', region: 'region', map_zoom: 'map_zoom', map_zoom_mini: 'map_zoom_mini', route_periodicity_from: 'route_periodicity_from', radius_filter: 'radius_filter',
  forecast_base_year: 'forecast_base_year', forecast_growth: 'forecast_growth', environmental_charge_rate: 'environmental_charge_rate',
  warm_season_from: 'warm_season_from', warm_season_to: 'warm_season_to', map_style_url: 'map_style_url' };

export function SettingsPage() {
  const canChange = useCan('system-settings:change');
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const settings = useQuery({ queryKey: ['system-settings'], queryFn: ({ signal }) => fetchSystemSettings(signal) });
  useEffect(() => {
    if (settings.data) form.setFieldsValue(valuesOf(settings.data));
  }, [settings.data, form]);
  if (settings.isPending) return <LoadingState />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;

  const onFinish = async (v: Values) => {
    setFailure(null);
    setSaving(true);
    try {
      const saved = await saveSystemSettings({
        region: v.region.trim() || null,
        center_coordinates: v.center.trim() || null,
        // Required by the form (ZOOM_RULES): never null here.
        map_zoom: v.map_zoom ?? undefined,
        map_zoom_mini: v.map_zoom_mini ?? undefined,
        route_periodicity_from: v.route_periodicity_from ? v.route_periodicity_from.format(WIRE_DATE) : null,
        radius_filter: v.radius_filter ?? null,
        forecast_base_year: v.forecast_base_year ?? null,
        environmental_charge_rate: v.environmental_charge_rate ?? null,
        // A row left incomplete is sent as is: the server answers «Введите правильное …» on it.
        forecast_growth: (v.forecast_growth ?? []).map((g) => ({ year: g.year as number, coefficient: g.coefficient as number })),
        warm_season_from: v.warm_season_from.trim(),
        warm_season_to: v.warm_season_to.trim(),
        map_style_url: v.map_style_url.trim() || null,
      });
      qc.setQueryData(['system-settings'], saved);
      await qc.invalidateQueries({ queryKey: ['map-settings'] });
      toast.success(saved.map_style_url !== (settings.data?.map_style_url ?? null) ? 'Настройки сохранены. Подложка карты сменится после обновления страницы.' : 'Настройки сохранены');
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        const errs = e.fieldErrors;
        form.setFields(Object.entries(errs).filter(([k]) => k.split('.')[0]! in FIELD_OF).map(([k, m]) => ({ name: FIELD_OF[k.split('.')[0]!]!, errors: m })));
        const other = Object.entries(errs).filter(([k]) => !(k.split('.')[0]! in FIELD_OF));
        if (other.length) setFailure(other.map(([, m]) => m.join(' ')).join(' '));
      } else setFailure(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
      <PageTitle>Системные настройки</PageTitle>
      {!canChange && <Alert type="info" showIcon title="Изменять настройки может пользователь с правом «Системные настройки: изменение»." />}
      {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      <Card>
        <Tabs items={[{ key: 'general', label: 'Общие сведения', children: (
          <Form<Values> form={form} name="settings" layout="vertical" disabled={!canChange} onFinish={(v) => void onFinish(v)}>
            <Form.Item name="region" label="Регион"><Input placeholder="Иркутская область" /></Form.Item>
            <Form.Item name="center" label="Центр карты" help="Широта и долгота через запятую, например 52.546842, 103.870102. Пусто — карта показывает все данные.">
              <Input inputMode="decimal" />
            </Form.Item>
            <Space wrap>
              <Form.Item name="map_zoom" label="Масштаб карты (0–22)" rules={ZOOM_RULES}><InputNumber min={0} max={22} precision={0} /></Form.Item>
              <Form.Item name="map_zoom_mini" label="Масштаб карт в карточках (0–22)" rules={ZOOM_RULES}><InputNumber min={0} max={22} precision={0} /></Form.Item>
              <Form.Item name="radius_filter" label="Радиус фильтра по умолчанию, м"><InputNumber min={1} max={100000} precision={0} /></Form.Item>
            </Space>
            <Form.Item name="map_style_url" label="Адрес внешнего стиля карты MapLibre"
              extra="Подложка карт (улицы, дома) от сервиса плиток, пока выгрузка OpenStreetMap региона не загружена на странице «Регион». Пусто — без внешней подложки.">
              <Input inputMode="url" placeholder="https://tiles.example.org/styles/basic/style.json" />
            </Form.Item>
            <Form.Item name="route_periodicity_from" label="Начало отсчёта периодичности маршрутов">
              <DatePicker format={DATE_INPUT_FORMATS} />
            </Form.Item>
            <Typography.Title level={5}>Прогноз образования ТКО</Typography.Title>
            <Form.Item name="forecast_base_year" label="Базовый год (пусто — текущий)" help="Год, который описывают реестры источников.">
              <InputNumber min={2000} max={2100} precision={0} />
            </Form.Item>
            <Form.List name="forecast_growth">
              {(items, { add, remove }) => (
                <Space orientation="vertical">
                  <Typography.Text>Коэффициент численности населения по годам (к предыдущему году; год без коэффициента — 1)</Typography.Text>
                  {items.map((item) => (
                    <Space key={item.key} align="baseline">
                      <Form.Item name={[item.name, 'year']} label="Год"><InputNumber min={2000} max={2100} precision={0} /></Form.Item>
                      <Form.Item name={[item.name, 'coefficient']} label="Коэффициент"><InputNumber min={0.5} max={2} step={0.001} /></Form.Item>
                      <Button onClick={() => remove(item.name)}>Удалить</Button>
                    </Space>
                  ))}
                  <Button onClick={() => add({ year: null, coefficient: 1 })}>Добавить год</Button>
                </Space>
              )}
            </Form.List>
            <Typography.Title level={5}>Прогнозный тариф</Typography.Title>
            <Form.Item name="environmental_charge_rate" label="Ставка платы за НВОС при размещении 1 т ТКО, руб."
              help="С коэффициентом года (ПП РФ от 13.09.2016 № 913); пусто — плата в прогнозный тариф не подставляется.">
              <InputNumber min={0} max={1e9} precision={2} />
            </Form.Item>
            {/* СанПиН 2.1.3684-21 п. 11: removal daily in the warm season, every 3 days at most in the cold one (rule P021). */}
            <Space wrap>
              <Form.Item name="warm_season_from" label="Тёплый сезон (выше +5 °C): с, ММ-ДД" help="Вывоз ежедневно; в холодный сезон — не реже раза в 3 суток.">
                <Input placeholder="05-01" style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name="warm_season_to" label="по, ММ-ДД"><Input placeholder="09-30" style={{ width: 120 }} /></Form.Item>
            </Space>
            {canChange && <Button type="primary" htmlType="submit" loading={saving} data-testid="settings-save">Сохранить</Button>}
          </Form>
        ) }]} />
      </Card>
      <Typography.Text type="secondary">Карта и публичная карта открываются в этом центре и масштабе.</Typography.Text>
    </Space>
  );
}

export default SettingsPage;
