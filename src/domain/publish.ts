import { z } from 'zod';

export const PUBLISH_BUILD_MINUTES = 7;
export const PUBLISHED_STATE_MS = 2000;
export const PUBLISH_CONFIRM = `Do you want to publish all changes? A new version will be created after ${PUBLISH_BUILD_MINUTES} minutes.`;
export const PUBLISH_FAILED = "It's a problem with publishing. Please check console log.";
export const publishedMessage = (host: string) => `Changes will be published soon. Please wait ${PUBLISH_BUILD_MINUTES} min. and check website ${host}.`;

export const publishResponseSchema = z.object({ ok: z.literal(true), site_host: z.string() });
