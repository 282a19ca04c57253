import { queryOptions } from '@tanstack/react-query';
import { answerOrThrow, api } from '../../../lib/api';

/**
 * Whether the gateway's allow-list accepts `uri` as a place to send the user
 * from the dashboard (`GET /redirect-check`; docs/security.md, V10.4.1: no
 * open redirect). Asked on every visit: the answer is not kept.
 */
export const redirectCheckQuery = (uri: string) =>
  queryOptions({
    queryKey: ['redirect-check', uri] as const,
    queryFn: ({ signal }) =>
      answerOrThrow(api.grants.redirectCheck({ query: { uri }, fetchOptions: { signal } })),
    retry: false,
    gcTime: 0,
  });
