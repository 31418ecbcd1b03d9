import type { NextFunction, Request, Response } from 'express';

/** Every refusal of the JSON API: a status and `{ error: { code, message } }` (ApiError). */
export const fail = (res: Response, status: number, code: string, message: string) => res.status(status).json({ error: { code, message } });

/** Express 5 forwards rejected promises to the error handler; this only keeps handlers short. */
export type Handler = (req: Request, res: Response) => Promise<unknown>;
export const route = (handler: Handler) => (req: Request, res: Response, next: NextFunction) => handler(req, res).catch(next);
