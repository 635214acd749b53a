/**
 * The public form to file an appeal (docs/DECISIONS.md «Public appeal form»; contract publicAppealFormRoute,
 * publicAppealCreateRoute), no account: category, the author's name, e-mail (the replies come there
 * with a link to the dialog) and phone, the address — typed, or a site picked on the public map
 * (its popup's «Сообщить о проблеме», public-appeal-site.ts)
 * — the text and up to 5 photos (JPEG, PNG, WebP; sent as multipart with the filing, checked by the
 * server by their bytes: a refused photo refuses the filing, nothing is kept). Against scripts (docs/DECISIONS.md «Public appeal form»): the form token fetched
 * with the page goes with the filing, the hidden honeypot `website` stays empty, and a filing is
 * sent no sooner than the token's `min_seconds` after it was fetched (a person who types faster
 * waits that moment on the button, never a refusal); a stale or refused token is fetched anew.
 * Success shows the appeal's number and the server's words.
 */
import { useQuery } from '@tanstack/react-query';
import { ATTACHMENT_INPUT_ACCEPT, AppealCategory, PUBLIC_APPEAL_PHOTO_MAX_BYTES, PUBLIC_APPEAL_PHOTOS_MAX } from '@tko/contract';
import type { UploadFile } from 'antd';
import { Alert, Button, Form, Input, Result, Select, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../api/errors';
import { fetchAppealFormToken, fileAppeal, fileAppealWithPhotos } from '../api/public-appeals';
import { applyErrors } from '../app/form-errors';
import { MAP_PATH } from '../app/navigation';
import { PublicFrame } from '../app/public-frame';
import { appealSiteOf } from './public-appeal-site';

/** The form's own fields; a server message for any other (the token, the site) shows above the form. */
const FIELDS = ['category', 'author_name', 'author_email', 'author_phone', 'text'];
const CATEGORY_OPTIONS = AppealCategory.values.map((v) => ({ value: v, label: AppealCategory.labels[v] }));

type Category = (typeof AppealCategory.values)[number];

interface Values {
  category: Category;
  author_name: string;
  author_email?: string;
  author_phone?: string;
  location?: string;
  text: string;
  website?: string;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function PublicAppealFormPage() {
  const [params, setParams] = useSearchParams();
  const site = appealSiteOf(params);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ id: number; detail: string } | null>(null);
  const [photos, setPhotos] = useState<UploadFile[]>([]);
  /** When the current form token arrived (this browser's clock). */
  const issuedAt = useRef(0);
  const formToken = useQuery({
    queryKey: ['public-appeal-form-token'],
    queryFn: async ({ signal }) => {
      const t = await fetchAppealFormToken(signal);
      issuedAt.current = Date.now();
      return t;
    },
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

  if (done) {
    return (
      <PublicFrame title="Обращение принято" footer={<Link to={MAP_PATH}>К карте</Link>}>
        <Result status="success" title={<span data-testid="public-appeal-number">Обращение № {done.id}</span>} subTitle={done.detail} />
      </PublicFrame>
    );
  }

  const submit = async (v: Values) => {
    setFailure(null);
    setBusy(true);
    try {
      const t = formToken.data ?? (await formToken.refetch()).data;
      if (!t) throw formToken.error ?? new ApiError(0, null);
      const early = issuedAt.current + t.min_seconds * 1000 + 250 - Date.now();
      if (early > 0) await wait(early);
      const body = {
        token: t.token,
        website: v.website ?? '',
        category: v.category,
        author_name: v.author_name,
        author_email: v.author_email?.trim() ?? '',
        ...(v.author_phone?.trim() ? { author_phone: v.author_phone } : {}),
        ...(v.location?.trim() ? { location: v.location } : {}),
        ...(site ? { waste_area: site.id } : {}),
        text: v.text,
      };
      const files = photos.map((p) => p.originFileObj).filter((f): f is NonNullable<typeof f> => f !== undefined);
      const answer = files.length ? await fileAppealWithPhotos(body, files) : await fileAppeal(body);
      setDone(answer);
    } catch (e) {
      const other = applyErrors(form, e, site ? FIELDS : [...FIELDS, 'location']);
      setFailure(other);
      // A refused token (too old, or the page was kept open): a fresh one for the next try.
      if (e instanceof ApiError && e.status === 400 && e.fieldErrors.token) void formToken.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicFrame title="Обращение к региональному оператору" width={640} footer={<Link to="/auth/">Вход для сотрудников</Link>}>
      <Typography.Paragraph type="secondary">
        Сообщите о невывозе отходов, состоянии площадки, контейнерах или договоре. Ответ придёт на электронную почту
        со ссылкой, по которой можно прочитать переписку и ответить.
      </Typography.Paragraph>
      {formToken.isError && <Alert type="error" showIcon role="alert" title="Форма не загрузилась. Обновите страницу." style={{ marginBottom: 16 }} />}
      {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
      <Form form={form} name="public-appeal" layout="vertical" onFinish={submit} initialValues={{ category: 'NOT_COLLECTED' }}>
        <Form.Item name="category" label="Тема обращения" rules={[{ required: true, message: 'Обязательное поле.' }]}>
          <Select options={CATEGORY_OPTIONS} />
        </Form.Item>
        {site ? (
          <Form.Item label="Место накопления">
            <div data-testid="public-appeal-site">
              {site.location || `Место накопления № ${site.id}`}
              <Button type="link" onClick={() => setParams({}, { replace: true })}>Указать другое место</Button>
            </div>
          </Form.Item>
        ) : (
          <Form.Item name="location" label="Адрес" extra={<>Или <Link to={MAP_PATH}>выберите площадку на карте</Link>: в её карточке — «Сообщить о проблеме».</>}
            rules={[{ required: true, whitespace: true, message: 'Укажите адрес или выберите место на карте.' }, { max: 1000, message: 'Не более 1000 символов.' }]}>
            <Input autoComplete="street-address" />
          </Form.Item>
        )}
        <Form.Item name="text" label="Текст обращения" rules={[{ required: true, whitespace: true, message: 'Обязательное поле.' }, { max: 20000, message: 'Не более 20 000 символов.' }]}>
          <Input.TextArea rows={5} />
        </Form.Item>
        <Form.Item label="Фотографии" extra={`До ${PUBLIC_APPEAL_PHOTOS_MAX} фотографий JPEG, PNG или WebP, каждая до ${PUBLIC_APPEAL_PHOTO_MAX_BYTES / 1024 / 1024} МБ.`}>
          <Upload listType="picture" multiple accept={ATTACHMENT_INPUT_ACCEPT.image} maxCount={PUBLIC_APPEAL_PHOTOS_MAX} fileList={photos}
            beforeUpload={() => false} onChange={({ fileList }) => setPhotos(fileList.slice(0, PUBLIC_APPEAL_PHOTOS_MAX))} data-testid="public-appeal-photos">
            <Button disabled={photos.length >= PUBLIC_APPEAL_PHOTOS_MAX}>Добавить фотографии</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="author_name" label="Ваше имя" rules={[{ required: true, whitespace: true, message: 'Обязательное поле.' }, { max: 255, message: 'Не более 255 символов.' }]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="author_email" label="Электронная почта" extra="На неё придёт ответ. Без адреса ответ можно узнать только по телефону."
          rules={[{ type: 'email', message: 'Укажите адрес электронной почты, например ivanov@mail.ru.' }]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="author_phone" label="Телефон" rules={[{ max: 50, message: 'Не более 50 символов.' }]}>
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        {/* The honeypot: off screen and out of the tab order, so only a script fills it. */}
        <div aria-hidden="true" style={{ position: 'absolute', left: -10_000, width: 1, height: 1, overflow: 'hidden' }}>
          <Form.Item name="website" label="Сайт (не заполняйте)">
            <Input tabIndex={-1} autoComplete="off" />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={busy} disabled={formToken.isError}>Отправить обращение</Button>
      </Form>
    </PublicFrame>
  );
}
