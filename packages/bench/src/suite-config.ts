// The two suites the CLI runs (`--suite market-data`, the default, and `--suite general`):
// their case ids, their processes (one per decoder and per encoder), how their cases are
// built and verified, their targets and their budgets.
import { DECODERS, ENCODERS } from "./decoders.js";
import { frames } from "./frames.js";
import {
  GENERAL_DECODERS,
  GENERAL_ENCODERS,
  generalDecodeCases,
  generalEncodeCases,
  loadGeneralPbjs,
} from "./general/cases.js";
import {
  FEATURES,
  GENERAL_SUBJECT_NAMES,
  type GeneralSubject,
  generalSubjects,
  loadSubjects,
  SIZES,
  saveSubjects,
} from "./general/subjects.js";
import type { BenchCase, CaseFilter, TimeBudget } from "./measure.js";
import type { PairBudget } from "./paired.js";
import { generatePbjs, loadPbjs } from "./peers.js";
import { GENERAL_TARGETS, MARKET_DATA_TARGETS, type SuiteName, type TargetSpec } from "./results.js";
import { MIXED, subjects } from "./subjects.js";
import { decodeCases, encodeCases } from "./suites.js";

export interface SuiteConfig {
  name: SuiteName;
  /** Every decode and encode case id, in report order (suite, subject, then variant as listed). */
  ids: string[];
  /** One process per decoder and per encoder: a regex on case ids per group. */
  groups: string[];
  /** Builds and verifies the decode and encode cases `filter` selects; throws VerificationError on a wrong answer. */
  cases(filter: CaseFilter, suite?: "decode" | "encode"): Promise<BenchCase[]>;
  /** Saves what the last cases() call built and verified, for the round processes (`--subjects <path>`). */
  handOver?: (path: string) => void;
  targets: TargetSpec[];
  /** The target pairs also timed in one process, as a cross-check of the interleaved ratios. */
  crossChecks: TargetSpec[];
  /** Per case, inside one process of one round. */
  roundBudget: TimeBudget;
  /** The in-process cross-check's budget. */
  pairBudget: PairBudget;
  rounds: number;
}

const groupsOf = (decoders: readonly string[], encoders: readonly string[]) => [
  ...decoders.map((d) => `^decode/[^/]+/${d}$`),
  ...encoders.map((e) => `^encode/[^/]+/${e}$`),
];

/**
 * The general suite's groups: one process per variant and feature (its three sizes), as a
 * service decodes its own message types. Timed one after another in one process, the
 * seven features' code shared the runtime's readers and the heap: Nested-10KB took 34 µs
 * a decode alone and 60 µs after the other features' 18 subjects, a cost of the bench's
 * order. A feature's variants are adjacent, so the rotation keeps a pair close in time.
 */
const generalGroups = () =>
  FEATURES.flatMap((f) => [
    ...GENERAL_DECODERS.map((d) => `^decode/${f}-[^/]+/${d}$`),
    ...GENERAL_ENCODERS.map((e) => `^encode/${f}-[^/]+/${e}$`),
  ]);

/**
 * `subjectsFile`: where a general run's parent saved the subjects it verified (saveSubjects);
 * a round process given it reads those bytes and skips building and verifying them.
 */
export function suiteConfig(name: string, smoke: boolean, subjectsFile?: string): SuiteConfig {
  const tinyRound: TimeBudget = { time: 1, warmupTime: 0, warmupIterations: 1, iterations: 2 };
  const tinyPair: PairBudget = { rounds: 3, roundMs: 2 };
  const smokeRounds = 2;
  if (name === "market-data") {
    const mixedCount = smoke ? 100 : 2000;
    const names = [...frames.map((f) => f.name), MIXED];
    return {
      name,
      ids: [
        ...names.flatMap((s) => DECODERS.map((d) => `decode/${s}/${d}`)),
        ...names.flatMap((s) => ENCODERS.map((e) => `encode/${s}/${e}`)),
      ],
      groups: groupsOf(DECODERS, ENCODERS),
      async cases(filter, suite) {
        generatePbjs();
        const ctx = { subjects: subjects(mixedCount), pbjs: await loadPbjs(), ...filter };
        return [...(suite !== "encode" ? decodeCases(ctx) : []), ...(suite !== "decode" ? encodeCases(ctx) : [])];
      },
      targets: MARKET_DATA_TARGETS,
      crossChecks: MARKET_DATA_TARGETS.filter((t) => t.suite === "decode"),
      roundBudget: smoke ? tinyRound : { time: 100, warmupTime: 60, warmupIterations: 16, iterations: 10 },
      pairBudget: smoke ? tinyPair : { rounds: 31, roundMs: 60 },
      rounds: smoke ? smokeRounds : 11,
    };
  }
  if (name === "general") {
    // A smoke run builds the 100 B and 10 KB subjects only: building the 1 MB ones takes seconds per process.
    const subjectNames = GENERAL_SUBJECT_NAMES.filter((s) => !smoke || !s.endsWith(`-${SIZES[2].label}`));
    let built: GeneralSubject[] = [];
    return {
      name,
      ids: [
        ...subjectNames.flatMap((s) => GENERAL_DECODERS.map((d) => `decode/${s}/${d}`)),
        ...subjectNames.flatMap((s) => GENERAL_ENCODERS.map((e) => `encode/${s}/${e}`)),
      ],
      // A smoke run checks the harness, not the figures: one process per variant for all ten features (12 round
      // processes instead of 120, most of the smoke run's time); test/parts.test.ts checks the full run's groups.
      groups: smoke ? groupsOf(GENERAL_DECODERS, GENERAL_ENCODERS) : generalGroups(),
      async cases(filter, suite) {
        const wanted = (subject: string) =>
          subjectNames.includes(subject) &&
          [
            ...GENERAL_DECODERS.map((d) => `decode/${subject}/${d}`),
            ...GENERAL_ENCODERS.map((e) => `encode/${subject}/${e}`),
          ].some(filter.selected);
        const encoding =
          suite !== "decode" &&
          subjectNames.some((n) => GENERAL_ENCODERS.some((e) => filter.selected(`encode/${n}/${e}`)));
        const subjects =
          subjectsFile === undefined ? generalSubjects(wanted) : loadSubjects(subjectsFile, wanted, encoding);
        built = subjects;
        const ctx = { subjects, verify: subjectsFile === undefined, pbjs: await loadGeneralPbjs(), ...filter };
        return [
          ...(suite !== "encode" ? generalDecodeCases(ctx) : []),
          ...(suite !== "decode" ? generalEncodeCases(ctx) : []),
        ];
      },
      handOver: (path) => saveSubjects(built, path),
      targets: GENERAL_TARGETS,
      crossChecks: GENERAL_TARGETS,
      // 200 ms of warm-up: with 30 ms the optimising compiler had not yet taken a large
      // generated reader (PackedScalars-10KB timed 103 µs a decode, 28 µs once warm).
      roundBudget: smoke ? tinyRound : { time: 100, warmupTime: 200, warmupIterations: 2, iterations: 5 },
      pairBudget: smoke ? tinyPair : { rounds: 11, roundMs: 25 },
      rounds: smoke ? smokeRounds : 11,
    };
  }
  throw new Error(`--suite ${name}: there are two suites, market-data and general`);
}
