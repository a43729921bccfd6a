// WebKitGTK smoke of the page tools: one browser for all the groups (see shared.ts), each group in its own file.
import { afterAll } from 'vitest';
import { closeSharedWebKit } from './shared';
import './routes.cases';
import './image.cases';
import './image-edit.cases';
import './svg.cases';
import './pdf.cases';
import './pdf-compress-stamp.cases';
import './text.cases';

afterAll(closeSharedWebKit);
