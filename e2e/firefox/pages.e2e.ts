// Firefox ESR smoke of the page tools: one browser for all the groups (see shared.ts), each group in its own file.
import { afterAll } from 'vitest';
import { closeSharedFirefox } from './shared';
import './smoke.cases';
import './images.cases';
import './image-edit.cases';
import './svg.cases';
import './pdf.cases';
import './pdf-compress-stamp.cases';
import './text-date.cases';

afterAll(closeSharedFirefox);
