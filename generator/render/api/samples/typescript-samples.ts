import type { BuildCache } from '../../../cache/store.js';
import type { RequestPlan } from './request-plan.js';
import { typescriptSample } from './typescript.js';

/**
 * The TypeScript samples of one API version, kept in the build cache under the contract's identity:
 * printing them needs the TypeScript compiler, which takes longer to load than a cached build takes.
 */
export class TypeScriptSamples {
  private readonly made = new Map<string, string>();
  private missed = false;

  private constructor(
    private readonly known: ReadonlyMap<string, string>,
    private readonly cache: BuildCache,
    private readonly key: string,
  ) {}

  static async open(cache: BuildCache, key: string): Promise<TypeScriptSamples> {
    const stored = await cache.get<Record<string, string>>('samples', key);
    return new TypeScriptSamples(new Map(Object.entries(stored ?? {})), cache, key);
  }

  sample(plan: RequestPlan, module: string): string {
    const id = JSON.stringify([module, plan]);
    let code = this.known.get(id);
    if (code === undefined) {
      code = typescriptSample(plan, module);
      this.missed = true;
    }
    this.made.set(id, code);
    return code;
  }

  /** Stores this version's samples when any had to be printed. */
  async save(): Promise<void> {
    if (this.missed) await this.cache.set('samples', this.key, Object.fromEntries(this.made));
  }
}
