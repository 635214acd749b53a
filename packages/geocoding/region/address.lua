-- osm2pgsql flex style (osm2pgsql ≥ 1.7) for the region's address index (issue 9 §2, §3):
-- every object with addr:street + addr:housenumber (building outlines and nodes; the point of an
-- outline is its centroid), named streets (for street-quality answers) and named settlements
-- (place=*, for settlement-quality answers and the city of addresses without addr:city).
-- Written to schema `osm`; packages/geocoding/src/region/load.ts builds osm.address from it.

local addresses = osm2pgsql.define_table({
    name = 'address_raw', schema = 'osm',
    ids = { type = 'any', id_column = 'osm_id', type_column = 'osm_type' },
    columns = {
        { column = 'street', type = 'text', not_null = true },
        { column = 'housenumber', type = 'text', not_null = true },
        { column = 'city', type = 'text' },
        { column = 'postcode', type = 'text' },
        { column = 'geom', type = 'point', projection = 4326, not_null = true },
    }
})

local streets = osm2pgsql.define_table({
    name = 'street_raw', schema = 'osm',
    ids = { type = 'way', id_column = 'osm_id' },
    columns = {
        { column = 'name', type = 'text', not_null = true },
        { column = 'geom', type = 'linestring', projection = 4326, not_null = true },
    }
})

local places = osm2pgsql.define_table({
    name = 'place_raw', schema = 'osm',
    ids = { type = 'any', id_column = 'osm_id', type_column = 'osm_type' },
    columns = {
        { column = 'name', type = 'text', not_null = true },
        { column = 'kind', type = 'text', not_null = true },
        { column = 'geom', type = 'point', projection = 4326, not_null = true },
    }
})

local settlement = { city = true, town = true, village = true, hamlet = true, suburb = true,
                     neighbourhood = true, quarter = true, isolated_dwelling = true, locality = true }

local function address_row(tags, geom)
    return { street = tags['addr:street'], housenumber = tags['addr:housenumber'],
             city = tags['addr:city'], postcode = tags['addr:postcode'], geom = geom }
end

local function has_address(tags)
    return tags['addr:street'] and tags['addr:housenumber']
end

function osm2pgsql.process_node(object)
    local tags = object.tags
    if has_address(tags) then
        addresses:insert(address_row(tags, object:as_point()))
    end
    if tags.place and settlement[tags.place] and tags.name then
        places:insert({ name = tags.name, kind = tags.place, geom = object:as_point() })
    end
end

function osm2pgsql.process_way(object)
    local tags = object.tags
    if has_address(tags) then
        local geom = object.is_closed and object:as_polygon():centroid() or object:as_linestring():centroid()
        addresses:insert(address_row(tags, geom))
    end
    if tags.highway and tags.name then
        streets:insert({ name = tags.name, geom = object:as_linestring() })
    end
end

function osm2pgsql.process_relation(object)
    local tags = object.tags
    if has_address(tags) and tags.type == 'multipolygon' then
        -- A building the extract's bounding box cuts open (an outer ring's way missing) has no
        -- polygon: the middle of the member ways the extract has stands in for its centroid.
        local area = object:as_multipolygon()
        if area:is_null() then area = object:as_geometrycollection() end
        addresses:insert(address_row(tags, area:centroid()))
    end
    if tags.place and settlement[tags.place] and tags.name and tags.type == 'multipolygon' then
        places:insert({ name = tags.name, kind = tags.place, geom = object:as_multipolygon():centroid() })
    end
end
