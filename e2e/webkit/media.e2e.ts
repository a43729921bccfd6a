// WebKitGTK smoke of the video and audio tools (run with the media specs, one file at a time): one browser for
// all the groups (see shared.ts), each group in its own file.
import { afterAll } from 'vitest';
import { closeSharedWebKit } from './shared';
import './media.cases';
import './video-quality.cases';
import './video-speed.cases';
import './video-edit.cases';
import './trim.cases';
import './audio-fx.cases';

afterAll(closeSharedWebKit);
