import type { ApiError, ErrorCode } from '@flightchess/protocol';
import type { NextFunction, Request, Response } from 'express';

/** A refusal of the JSON API decided before it is written. */
export interface HttpRefusal {
  readonly status: number;
  readonly code: ErrorCode;
  readonly message: string;
}

/** The body of every refusal of the JSON API. */
export const apiError = (code: ErrorCode, message: string): ApiError => ({ error: { code, message } });

/** Every refusal of the JSON API: a status and `{ error: { code, message } }` (ApiError). */
export const fail = (res: Response, status: number, code: ErrorCode, message: string) => res.status(status).json(apiError(code, message));

/** Express 5 forwards rejected promises to the error handler; this only keeps handlers short. */
export type Handler = (req: Request, res: Response) => Promise<unknown>;
export const route = (handler: Handler) => (req: Request, res: Response, next: NextFunction) => handler(req, res).catch(next);
