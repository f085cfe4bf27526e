import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { findVoicePhrases, positionAfter } from '../../sources/voice-phrases.js';
import { voice } from '../rules.js';
import { MAX_VOICE_FINDINGS, moreVoiceMessage, voiceMessage } from '../voice.js';
import { pageState } from './page-state.js';
import { walk } from './walk.js';

/**
 * Rule `voice` on the page's prose: each text node is searched as it is written in the page (code
 * and inline code are nodes of their own, never searched), so a phrase is reported where it stands.
 */
export function remarkVoice() {
  return (tree: Root, file: VFile): void => {
    const { report } = pageState(file);
    const source = String(file.value);
    let found = 0;
    let more: { at: { position: { start: ReturnType<typeof positionAfter> } }; count: number } | undefined;
    walk(tree, (node) => {
      if (node.type !== 'text' || !node.position) return;
      const { start, end } = node.position;
      if (start.offset === undefined || end.offset === undefined) return;
      const written = source.slice(start.offset, end.offset);
      for (const hit of findVoicePhrases(written)) {
        const at = { position: { start: positionAfter(written, start, hit.start) } };
        // Past the limit, the page's other findings are counted in one line (see MAX_VOICE_FINDINGS).
        if (++found > MAX_VOICE_FINDINGS) {
          more = more ? { ...more, count: more.count + 1 } : { at, count: 1 };
          continue;
        }
        report.add(at, voice.severity, voice.id, voiceMessage(hit.phrase, hit.says));
      }
    });
    if (more) report.add(more.at, voice.severity, voice.id, moreVoiceMessage(more.count));
  };
}
