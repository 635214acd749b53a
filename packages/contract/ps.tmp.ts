import * as c from './src/index';
for (const v of Object.values(c)) {
  const r = v as any;
  if (r && typeof r === 'object' && typeof r.path === 'string' && r.method && r.permission) {
    const p = c.permissionOf(r.permission);
    if ([r.method].flat().includes('GET') && !r.path.includes(':') && p) console.log(r.path, `${p.resource}:${p.action}`, r.produces ?? '');
  }
}
