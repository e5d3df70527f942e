import { idParamsSchema } from '../schemas/common';
import {
  createDistrictSchema,
  createNeighbourhoodSchema,
  districtSchema,
  importPlacesResultSchema,
  importPlacesSchema,
  myNeighbourhoodSchema,
  nearbySchema,
  neighbourhoodSchema,
  placesSchema,
  setMyNeighbourhoodSchema,
  updateDistrictSchema,
  updateNeighbourhoodSchema,
} from '../schemas/places';
import { endpoint, okSchema } from './endpoint';

/**
 * The city's places: districts (ilçe) and neighbourhoods (mahalle) that the organiser defines, a
 * member's own neighbourhood, and Discover's Yakınımda. The list is the whole city in one answer:
 * it is bounded (LIMITS.neighbourhoodsMax) and every select in the UI needs all of it.
 */
export const placeEndpoints = {
  'places.list': endpoint({
    route: 'GET /api/places',
    summary: "The city's districts by name, each with its neighbourhoods by name and optional centre point",
    access: 'public',
    response: placesSchema,
  }),
  'places.nearby': endpoint({
    route: 'GET /api/places/nearby',
    summary:
      "Yakınımda: upcoming events, active groups and recent posts in the member's district, by distance when both sides have coordinates, else their own neighbourhood first (409 neighbourhood_required without one)",
    access: 'member',
    response: nearbySchema,
  }),
  'places.mine': endpoint({
    route: 'GET /api/users/me/neighbourhood',
    summary: "The member's own neighbourhood and who may see it on their profile",
    access: 'member',
    tag: 'places',
    response: myNeighbourhoodSchema,
  }),
  'places.setMine': endpoint({
    route: 'PUT /api/users/me/neighbourhood',
    summary: "Sets (or clears, with null) the member's neighbourhood and its visibility: nobody, followers or everyone",
    access: 'member',
    tag: 'places',
    body: setMyNeighbourhoodSchema,
    response: myNeighbourhoodSchema,
  }),
  'places.createDistrict': endpoint({
    route: 'POST /api/admin/places/districts',
    summary: 'Adds a district (its name unique in the city, by the Turkish fold)',
    access: 'admin',
    tag: 'places',
    body: createDistrictSchema,
    status: 201,
    response: districtSchema,
  }),
  'places.renameDistrict': endpoint({
    route: 'PATCH /api/admin/places/districts/:id',
    summary: 'Renames a district',
    access: 'admin',
    tag: 'places',
    params: idParamsSchema,
    body: updateDistrictSchema,
    response: districtSchema,
  }),
  'places.deleteDistrict': endpoint({
    route: 'DELETE /api/admin/places/districts/:id',
    summary: 'Removes an empty district (409 district_not_empty while it has neighbourhoods)',
    access: 'admin',
    tag: 'places',
    params: idParamsSchema,
    response: okSchema,
  }),
  'places.createNeighbourhood': endpoint({
    route: 'POST /api/admin/places/neighbourhoods',
    summary: 'Adds a neighbourhood to a district (its name unique in the district), with an optional centre point',
    access: 'admin',
    tag: 'places',
    body: createNeighbourhoodSchema,
    status: 201,
    response: neighbourhoodSchema,
  }),
  'places.updateNeighbourhood': endpoint({
    route: 'PATCH /api/admin/places/neighbourhoods/:id',
    summary:
      'Renames a neighbourhood, sets its centre point, or moves it into another district (its posts, groups and events follow; 409 place_name_taken when the name is taken there)',
    access: 'admin',
    tag: 'places',
    params: idParamsSchema,
    body: updateNeighbourhoodSchema,
    response: neighbourhoodSchema,
  }),
  'places.deleteNeighbourhood': endpoint({
    route: 'DELETE /api/admin/places/neighbourhoods/:id',
    summary: 'Removes a neighbourhood; members, posts, groups and events that carried it keep none',
    access: 'admin',
    tag: 'places',
    params: idParamsSchema,
    response: okSchema,
  }),
  'places.import': endpoint({
    route: 'POST /api/admin/places/import',
    summary:
      'Imports a CSV (name, district, optional lat, lng): every row checked (errors by line, nothing written), all in one transaction, existing names updated not duplicated',
    access: 'admin',
    tag: 'places',
    body: importPlacesSchema,
    response: importPlacesResultSchema,
  }),
};
