-- osm2pgsql flex style (osm2pgsql ≥ 1.7) for the region's administrative boundaries (docs/ANALYTICS.md «Места
-- накопления по границам муниципальных образований (ОКТМО)»): relations boundary=administrative of
-- admin_level 6 (municipal districts, city / municipal okrugs) and 8 (settlements) as multipolygons, with
-- their name and ОКТМО tag (`oktmo:user`, the OSM Russia convention, else `ref:oktmo` / `oktmo`). A relation
-- the extract cuts open has no polygon: its row keeps geom NULL so that the loader reports it
-- (packages/geocoding/src/region/load.ts).

local boundaries = osm2pgsql.define_table({
    name = 'admin_boundary_raw', schema = 'osm',
    ids = { type = 'relation', id_column = 'osm_id' },
    columns = {
        { column = 'admin_level', type = 'int', not_null = true },
        { column = 'name', type = 'text' },
        { column = 'oktmo_tag', type = 'text' },
        { column = 'geom', type = 'multipolygon', projection = 4326 },
    }
})

function osm2pgsql.process_relation(object)
    local tags = object.tags
    if tags.boundary == 'administrative' and (tags.admin_level == '6' or tags.admin_level == '8') then
        boundaries:insert({
            admin_level = tonumber(tags.admin_level), name = tags.name,
            oktmo_tag = tags['oktmo:user'] or tags['ref:oktmo'] or tags.oktmo,
            geom = object:as_multipolygon(),
        })
    end
end
