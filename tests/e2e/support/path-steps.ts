import { test } from '@playwright/test';
import type { RunOptions } from '../../paths/graph-adapter';

/** Each step of a generated path as its own `test.step`, so the report and a failure name it. */
export const asTestSteps: RunOptions = { step: (title, body) => test.step(title, body) };
