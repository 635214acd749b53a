/**
 * Above the «Места накопления» tab's table of a contract's card (issue 11 §3: «pick sites on a
 * map»; spec 03 §2, §3 «Contract waste area»): the list of the sites the contract names — address
 * (or «Площадка № id»), each with «Убрать» — and the map (map/contract-sites-map.tsx, its own lazy
 * chunk with maplibre) where a click on a site adds it to the contract or removes it, the chosen
 * ones highlighted. Both edit the card form's `waste_areas` rows (contract-sites.ts), so the
 * table below (periodicity, containers) shows the same rows and «Сохранить» writes them
 * (PUT /api/contracts/{id}/ with `waste_areas`). The saved sites' addresses and points come from
 * GET /api/contracts/{id}/waste-areas/ (page_size 500, as the issue asks); a new site's address
 * from the clicked feature. Read-only without the right to change or on an approved or archived
 * revision (the workflow's frozen states: the server would answer 409).
 */
import { useQuery } from '@tanstack/react-query';
import { CONTRACT_WORKFLOW, contractResource, contractWasteAreasRoute, type Point } from '@tko/contract';
import { Alert, Button, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useParams } from 'react-router';
import { callRoute } from '../api/client';
import { newChildRow, type FormValues } from '../crud/form-values';
import type { PickedSite } from '../map/contract-sites-map';
import { chosenSiteIds, removeSite, toggleSite, type SiteRow } from './contract-sites';

const ContractSitesMap = lazy(() => import('../map/contract-sites-map'));

/** How many saved sites are read at once (the call's page_size limit, issue 11 §3). */
const PAGE_SIZE = 500;
const FIELD = contractResource.fields.waste_areas!;

export function ContractSitesPanel({ control, editable }: { control: Control<FormValues, unknown, FormValues>; editable: boolean }) {
  const { objectId = 'new' } = useParams();
  const id = /^\d+$/.test(objectId) ? Number(objectId) : null;
  const { field } = useController({ control, name: 'waste_areas' });
  const status = useWatch({ control, name: 'revision_status' });
  const frozen = typeof status === 'string' && (CONTRACT_WORKFLOW.frozen?.states ?? []).includes(status);
  const disabled = !editable || frozen;
  const rows = (Array.isArray(field.value) ? field.value : []) as SiteRow[];
  const chosen = useMemo(() => chosenSiteIds(rows), [rows]);
  const [picked, setPicked] = useState<Record<number, string | null>>({});

  const saved = useQuery({
    queryKey: ['contracts', 'waste-areas', id],
    queryFn: ({ signal }) => callRoute(contractWasteAreasRoute, { params: { id: String(id) }, query: { page_size: PAGE_SIZE } }, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
  const savedSites = saved.data?.results;
  const focus = useMemo<Point[]>(() => (savedSites ?? []).flatMap((s) => (s.waste_area_coordinates ? [s.waste_area_coordinates] : [])), [savedSites]);
  const label = (siteId: number) => {
    const s = savedSites?.find((r) => r.waste_area.id === siteId);
    return picked[siteId] ?? s?.waste_area_location ?? s?.waste_area.name ?? `Площадка № ${siteId}`;
  };

  const onToggle = (site: PickedSite) => {
    setPicked((p) => ({ ...p, [site.id]: site.location }));
    field.onChange(toggleSite(rows, site.id, newChildRow(FIELD)));
  };
  const remove = (siteId: number) => field.onChange(removeSite(rows, siteId));
  // The map opens fitted to the saved sites, so it waits for them (a failed read opens it at the settings' centre).
  const mapReady = id === null || !saved.isPending;

  return (
    <div style={{ marginBottom: 16 }} data-testid="contract-sites">
      <Typography.Title level={5} style={{ marginTop: 0 }}>Выбор мест накопления на карте</Typography.Title>
      <Typography.Paragraph type="secondary">
        {disabled
          ? frozen ? 'Утверждённая редакция не изменяется: места накопления показаны на карте синим.' : 'Места накопления договора показаны на карте синим.'
          : 'Щёлкните по площадке на карте, чтобы добавить её в договор; повторный щелчок убирает её. Выбранные площадки выделены синим. Изменения записываются кнопкой «Сохранить».'}
      </Typography.Paragraph>
      {saved.isError && <Alert type="warning" showIcon style={{ marginBottom: 8 }} title="Не удалось получить адреса мест накопления договора." />}
      <div aria-live="polite" data-testid="contract-sites-count" style={{ marginBottom: 4 }}>
        {`Выбрано мест накопления: ${chosen.length}.`}
      </div>
      {chosen.length > 0 && (
        <ul data-testid="contract-sites-list" style={{ paddingInlineStart: 20, margin: '0 0 8px' }}>
          {chosen.map((siteId) => (
            <li key={siteId}>
              <span>{label(siteId)}</span>
              {!disabled && (
                <Button type="link" danger size="small" onClick={() => remove(siteId)} aria-label={`Убрать из договора: ${label(siteId)}`}>
                  Убрать
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mapReady ? (
        <Suspense fallback={<div style={{ height: 420 }} />}>
          <ContractSitesMap chosen={chosen} onToggle={onToggle} disabled={disabled} focus={focus} />
        </Suspense>
      ) : (
        <div style={{ height: 420 }} />
      )}
    </div>
  );
}
