/**
 * The generic card (`.../update/:objectId/`, `new` creates): tabs from `def.tabs`, fields by
 * kind, validation with the contract's schemas, server 400 errors on their fields, a red mark on
 * every tab holding an invalid field, and Сохранить / Удалить / Отмена by permission.
 */
import { ExclamationCircleFilled } from '@ant-design/icons';
import { Alert, Button, Form, Space, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../api/errors';
import { useDeleteResource, useResourceItem, useSaveResource } from '../api/hooks';
import type { Entity } from '../api/resource-client';
import { useAppModal } from '../app/modals';
import { useCanWrite } from '../resources/federal';
import { overridesOf } from '../resources/registry-overrides';
import { ErrorState, ForbiddenState, LoadingState } from '../app/states';
import { toast } from '../app/toasts';
import type { WebResource } from '../resources/web-resource';
import { cardResolver } from './card-schema';
import { CardTab } from './card-tab';
import { toFormValues, type FormValues } from './form-values';
import { listHref } from './list-memory';
import type { ResourcePaths } from './paths';
import { errorPaths, invalidTabs, mapServerErrors, tabErrorFlags } from './server-errors';
import { tabPanel, tabTools } from './tab-panels';
import { HistoryButton } from '../history/history-view';
import { useLeaveGuard } from './leave-guard';
import { tabFromQuery } from './card-tab-query';
import { WorkflowActions } from './workflow-actions';
import { PageTitle } from '../app/page-title';
import { CardNotice } from './card-notice';
import { entityTitle } from './format';

export interface ResourceCardProps {
  web: WebResource;
  objectId: string;
  paths: ResourcePaths;
  /** Wire values a new object starts with (e.g. status PLANNED on the planned facilities tab). */
  defaults?: Record<string, unknown>;
}

export function ResourceCard({ web, objectId, paths, defaults }: ResourceCardProps) {
  const isNew = objectId === 'new';
  const { def } = web;
  const canAdd = useCanWrite(def.name, 'add');
  const item = useResourceItem(def, isNew ? undefined : objectId);
  // Bumped after each save, so the form re-mounts on the saved object (new children get their ids).
  const [version, setVersion] = useState(0);
  // The open tab lives in the URL (`?tab=characteristics`), so a reload or a shared link keeps it.
  const [query, setQuery] = useSearchParams();
  const activeTab = tabFromQuery(def, query.get('tab'));
  const setActiveTab = (key: string) =>
    setQuery((q) => {
      const next = new URLSearchParams(q);
      if (key === def.tabs[0]?.key) next.delete('tab');
      else next.set('tab', key);
      return next;
    }, { replace: true });

  if (isNew && !canAdd) return <ForbiddenState text="У вас нет прав на создание объектов этого реестра." />;
  if (!isNew && item.isPending) return <LoadingState />;
  if (!isNew && item.isError) return <ErrorState error={item.error} onRetry={() => void item.refetch()} />;
  const entity = isNew ? null : (item.data ?? null);
  // Re-mount the form when another object (or a fresh copy after save) arrives, or when the
  // new object's defaults (e.g. status PLANNED from the planned tab) arrive after the first render.
  return <CardForm key={`${objectId}:${version}:${isNew ? JSON.stringify(defaults ?? null) : ''}`} web={web} entity={entity} paths={paths} defaults={defaults} onSaved={() => setVersion((v) => v + 1)} activeTab={activeTab} setActiveTab={setActiveTab} />;
}

interface CardFormProps {
  web: WebResource;
  entity: Entity | null;
  paths: ResourcePaths;
  defaults?: Record<string, unknown>;
  onSaved: () => void;
  /** The open tab, kept by the page so it survives the re-mount after a save. */
  activeTab: string;
  setActiveTab: (key: string) => void;
}

function CardForm({ web, entity, paths, defaults, onSaved, activeTab, setActiveTab }: CardFormProps) {
  const { def } = web;
  const isNew = entity === null;
  const navigate = useNavigate();
  const location = useLocation();
  const modal = useAppModal();
  const canChange = useCanWrite(def.name, 'change');
  const canDelete = useCanWrite(def.name, 'delete');
  const editable = isNew || canChange;
  const save = useSaveResource(def, entity ? String(entity.id) : undefined);
  const remove = useDeleteResource(def);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);

  const resolver = useMemo(() => cardResolver(def, isNew), [def, isNew]);
  const defaultValues = useMemo(() => toFormValues(def, entity ?? defaults ?? null), [def, entity, defaults]);
  const { control, handleSubmit, setError, formState } = useForm<FormValues, unknown, FormValues>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const guard = useLeaveGuard(formState.isDirty);
  const flags = tabErrorFlags(def, errorPaths(formState.errors));
  const badTabs = invalidTabs(def, flags);

  const focusFirstInvalid = (f: Record<string, boolean>) => {
    const first = invalidTabs(def, f)[0];
    if (first && !f[activeTab]) setActiveTab(first.key);
  };

  const onValid = async (body: FormValues) => {
    setGeneralErrors([]);
    try {
      const saved = await save.mutateAsync(body);
      toast.success(isNew ? web.createdText : web.savedText, entityTitle(def, saved));
      guard.allow();
      if (isNew) navigate(paths.card(saved), { replace: true });
      else {
        // A changed key (an ОКТМО code) changes the card's path; the tab stays.
        if (paths.card(saved) !== location.pathname) navigate({ pathname: paths.card(saved), search: location.search }, { replace: true });
        onSaved();
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        const mapped = mapServerErrors(def, e.fieldErrors);
        for (const fe of mapped.fields) setError(fe.path, { type: 'server', message: fe.message });
        setGeneralErrors(mapped.general);
        focusFirstInvalid(tabErrorFlags(def, mapped.fields.map((f) => f.path)));
        toast.error('Не удалось сохранить', 'Исправьте отмеченные поля.');
      } else {
        toast.error('Не удалось сохранить', errorMessage(e));
      }
    }
  };

  const onDelete = () =>
    modal.confirm({
      title: web.deleteConfirm,
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await remove.mutateAsync(entity!.id);
          guard.allow();
          toast.success(web.deletedText);
          navigate(listHref(paths.list));
        } catch (e) {
          toast.error('Не удалось удалить', errorMessage(e));
        }
      },
    });

  const title = isNew ? `${def.labelOne}: создание` : entityTitle(def, entity);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        setGeneralErrors([]);
        void handleSubmit(onValid, (errs) => focusFirstInvalid(tabErrorFlags(def, errorPaths(errs))))(e);
      }}
      onKeyDown={(e) => {
        // Enter confirms pickers and selects; it must not save the whole card by implicit submission.
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
      }}
      aria-label={title}
    >
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <div>
          <Typography.Text type="secondary">{def.labelOne}</Typography.Text>
          <PageTitle>
            {title}
          </PageTitle>
        </div>
        <Space wrap>
          {editable && (
            <Button type="primary" htmlType="submit" loading={formState.isSubmitting}>
              Сохранить
            </Button>
          )}
          {!isNew && canDelete && (
            <Button danger onClick={onDelete} loading={remove.isPending}>
              Удалить
            </Button>
          )}
          {!isNew && <WorkflowActions def={def} row={entity} blockedText={formState.isDirty ? 'Сначала сохраните или отмените изменения карточки.' : undefined} onDone={onSaved} />}
          {!isNew && overridesOf(def.name).cardButtons?.(entity, formState.isDirty)}
          {!isNew && !def.ownHistory && <HistoryButton def={def} id={entity.id} />}
          <Button onClick={() => navigate(isNew ? listHref(paths.list) : paths.view(entity))}>Отмена</Button>
        </Space>
      </Space>
      {guard.modal}
      {!editable && <Alert type="info" showIcon title="Недостаточно прав для изменения: карточка открыта только для просмотра." style={{ marginBottom: 16 }} />}
      {badTabs.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="invalid-tabs"
          title={`Исправьте ошибки на вкладках: ${badTabs.map((t) => t.label).join(', ')}.`}
          style={{ marginBottom: 16 }}
        />
      )}
      {generalErrors.length > 0 && <Alert type="error" showIcon title={generalErrors.join(' ')} style={{ marginBottom: 16 }} />}
      {!isNew && <CardNotice def={def} entity={entity} />}
      <Form layout="vertical" component={false} disabled={!editable}>
        <Tabs
          activeKey={activeTab}
          onChange={setActiveTab}
          items={def.tabs.map((tab) => ({
            key: tab.key,
            forceRender: true,
            label: (
              <span data-testid={`tab-${tab.key}`} data-invalid={flags[tab.key] ? 'true' : undefined}>
                {tab.label}
                {flags[tab.key] && <ExclamationCircleFilled style={{ color: '#ff4d4f', marginInlineStart: 6 }} aria-label="Есть ошибки" />}
              </span>
            ),
            children: tabPanel(def, tab, entity) ?? (
              <>
                {tabTools(def, tab, control, editable)}
                <CardTab def={def} tab={tab.key} control={control} entity={entity} editable={editable} />
              </>
            ),
          }))}
        />
      </Form>
    </form>
  );
}
