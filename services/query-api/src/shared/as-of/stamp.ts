import { AS_OF_DATE_HEADER, AS_OF_POSITION_HEADER, AS_OF_TIME_HEADER, type AsOfStamp } from '@acres/contracts/as-of';
import type { FastifyReply } from 'fastify';
import type { AsOfPoint } from './resolve.ts';

/** What an answer says of when it was taken, in its body. */
export const toAsOfStamp = (position: bigint, point: AsOfPoint | null): AsOfStamp => ({
  asOfPosition: position.toString(),
  ...(point?.date === undefined ? {} : { asOfDate: point.date }),
  ...(point?.time === undefined ? {} : { asOfTime: point.time }),
});

/** ...and in its headers, which a CSV download or a list body cannot carry otherwise. */
export const setAsOfHeaders = (reply: FastifyReply, stamp: AsOfStamp) => {
  reply.header(AS_OF_POSITION_HEADER, stamp.asOfPosition);
  if (stamp.asOfDate !== undefined) reply.header(AS_OF_DATE_HEADER, stamp.asOfDate);
  if (stamp.asOfTime !== undefined) reply.header(AS_OF_TIME_HEADER, stamp.asOfTime);
};
