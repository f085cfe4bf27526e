import type { CodeSampleModel, HighlightedCode } from '../../../../templates/api/model.js';
import { Background, later } from '../../../workers/background.js';
import type { TaskRequest } from '../../../workers/protocol.js';
import type { SampleHighlighter } from './highlight.js';

/** Samples of one API version to colour, in the grammars they name. */
export interface ColourRequest extends TaskRequest {
  kind: 'colour';
  /** Every grammar the samples may name, loaded before colouring (as `SampleHighlighter.open` takes them). */
  languages: string[];
  samples: Array<{ code: string; language: string }>;
}

/**
 * From this many samples to colour, they are coloured on a second thread. The real site's 810 samples
 * cost the build's own thread about 0.3 s of CPU (the grammars' expressions compiled, every distinct
 * line tokenized); a thread costs tens of milliseconds to start, which a few dozen samples do not repay.
 */
export const SECOND_THREAD_FROM_SAMPLES = 100;

/**
 * Each sample's colours, in order, the same on either thread. `highlighter` is kept from batch to
 * batch: the lines it has coloured are not coloured again.
 */
export async function colourSamples(
  request: ColourRequest,
  highlighter: Promise<SampleHighlighter>,
): Promise<Array<HighlightedCode | undefined>> {
  const loaded = await (await highlighter).load(request.languages);
  // Only the grammars asked for: what else this thread has loaded (for content, say) differs between threads.
  const asked = new Set(request.languages);
  return request.samples.map(({ code, language }) =>
    asked.has(language) ? loaded.highlight(code, language) : undefined,
  );
}

/** The highlighter (shiki and its grammars), loaded only by a build that colours samples. */
export async function openHighlighter(): Promise<SampleHighlighter> {
  return (await import('./highlight.js')).SampleHighlighter.open([]);
}

/** Samples waiting to be coloured, with what fills in their colours. */
interface Batch {
  request: ColourRequest;
  fill(coloured: Array<HighlightedCode | undefined>): void;
}

/**
 * Where the reference's samples are coloured: on this thread as they are written (`here`), or
 * (`meanwhile`) on a second thread while this one goes on with the other operations, the other
 * APIs and the content. A sample's `highlighted` is then filled in when its colours come back;
 * `done` says when all have, and is awaited before any page is rendered. Batches are held until
 * there are enough for a thread (`SECOND_THREAD_FROM_SAMPLES`), or until `done`, which colours a
 * few here. The thread does every batch it is given (this one does not take any back): it has the
 * whole content stage to do them.
 */
export class SampleColours {
  private background: Background | undefined;
  /** This thread's, when it colours (opened at the first batch it does). */
  private highlighter: Promise<SampleHighlighter> | undefined;
  private held: Batch[] = [];
  private heldSamples = 0;
  private readonly batches: Array<Promise<void>> = [];
  private finished: Promise<void> | undefined;

  private constructor(
    private readonly threaded: boolean,
    /** The build's thread for colouring, which it closes itself; one of its own (closed by `done`) when absent. */
    private readonly shared?: Background,
  ) {}

  static here(): SampleColours {
    return new SampleColours(false);
  }

  static meanwhile(thread?: Background): SampleColours {
    return new SampleColours(true, thread);
  }

  /** Sets each sample's `highlighted`: at once (`here`), or before `done` resolves. */
  async colour(samples: readonly CodeSampleModel[], languages: readonly string[]): Promise<void> {
    if (samples.length === 0) return;
    const batch: Batch = {
      request: {
        kind: 'colour',
        languages: [...languages],
        samples: samples.map(({ code, language }) => ({ code, language })),
      },
      fill: (coloured) => samples.forEach((sample, index) => (sample.highlighted = coloured[index])),
    };
    if (!this.threaded) return batch.fill(await this.here(batch.request));
    this.held.push(batch);
    this.heldSamples += samples.length;
    if (this.background || this.heldSamples >= SECOND_THREAD_FROM_SAMPLES) this.handOver();
  }

  /**
   * Every sample coloured. The thread, if one was started, stops once it has answered: called as soon
   * as no more samples will come, so that a build that stops before rendering leaves no thread behind.
   */
  done(): Promise<void> {
    this.finished ??= later(
      (async () => {
        try {
          if (this.background) this.handOver();
          // Too few for a thread: coloured here, now that the reference's other work is done.
          for (const batch of this.held.splice(0)) batch.fill(await this.here(batch.request));
          await Promise.all(this.batches);
        } finally {
          if (!this.shared) await this.background?.close();
        }
      })(),
    );
    return this.finished;
  }

  /** Whether a second thread has coloured some of the samples. */
  get usedSecondThread(): boolean {
    return this.background?.usedSecondThread ?? false;
  }

  /** Every batch held, to the thread (started with the first). */
  private handOver(): void {
    const background = (this.background ??= this.shared ?? Background.threaded());
    for (const { request, fill } of this.held.splice(0)) {
      const here = (): Promise<Array<HighlightedCode | undefined>> => this.here(request);
      // What the thread failed to colour is coloured here: the same colours, later.
      this.batches.push(later(background.run(request, here).catch(here).then(fill)));
    }
  }

  private here(request: ColourRequest): Promise<Array<HighlightedCode | undefined>> {
    return colourSamples(request, (this.highlighter ??= openHighlighter()));
  }
}
