import { Router, type NextFunction, type Request, type Response } from 'express';
import {
  createDistrictSchema,
  createNeighbourhoodSchema,
  idParamsSchema,
  importPlacesSchema,
  setMyNeighbourhoodSchema,
  updateDistrictSchema,
  updateNeighbourhoodSchema,
} from '@mahalle/shared';
import type { AppContext } from '../../context';
import { parse } from '../../validation';
import { requireAdmin, requireUser } from '../../middlewares/auth';
import * as places from '../../services/places';
import { nearby } from '../../services/nearby';

/** /api/places: the city's list (anyone) and Yakınımda (a member). */
export function placesRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.json(await places.listPlaces(ctx.db));
  });
  router.get('/nearby', async (req, res) => {
    const me = requireUser(req);
    res.json(await nearby(ctx, me));
  });
  return router;
}

/** /api/users/me/neighbourhood: the member's own neighbourhood and its visibility. */
export function myNeighbourhoodRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json(await places.myNeighbourhood(ctx.db, requireUser(req)));
  });
  router.put('/', async (req, res) => {
    const me = requireUser(req);
    res.json(await places.setMyNeighbourhood(ctx, me, parse(setMyNeighbourhoodSchema, req.body)));
  });
  return router;
}

/** /api/admin/places: the organiser's editor (districts, neighbourhoods, CSV import). */
export function adminPlacesRouter(ctx: AppContext): Router {
  const router = Router();
  router.use((req: Request, _res: Response, next: NextFunction) => {
    requireAdmin(req);
    next();
  });
  router.post('/districts', async (req, res) => {
    const { name } = parse(createDistrictSchema, req.body);
    res.status(201).json(await places.createDistrict(ctx, requireAdmin(req), name));
  });
  router.patch('/districts/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    const { name } = parse(updateDistrictSchema, req.body);
    res.json(await places.renameDistrict(ctx, requireAdmin(req), id, name));
  });
  router.delete('/districts/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    await places.deleteDistrict(ctx, requireAdmin(req), id);
    res.json({ ok: true });
  });
  router.post('/neighbourhoods', async (req, res) => {
    res.status(201).json(await places.createNeighbourhood(ctx, requireAdmin(req), parse(createNeighbourhoodSchema, req.body)));
  });
  router.patch('/neighbourhoods/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await places.updateNeighbourhood(ctx, requireAdmin(req), id, parse(updateNeighbourhoodSchema, req.body)));
  });
  router.delete('/neighbourhoods/:id', async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    await places.deleteNeighbourhood(ctx, requireAdmin(req), id);
    res.json({ ok: true });
  });
  router.post('/import', async (req, res) => {
    const { csv } = parse(importPlacesSchema, req.body);
    res.json(await places.importPlaces(ctx, requireAdmin(req), csv));
  });
  return router;
}
