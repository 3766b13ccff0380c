// The relay under load and faults (issues 18 and 28), on a real three-node nats-server cluster with a stream of three
// replicas: the simulator through one relay process to N consumer processes at rising rates (throughput.ts); a late
// joiner's time to the last values (late-joiner.ts); the active relay killed (relay-killed.ts); the stream's leader,
// the metadata leader and the lock's node killed in turn under a relay pair and consumers (node-faults.ts); all of
// NATS down for a while (nats-down.ts). Each scenario is one file; children.ts is the relay and consumer processes.
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { startNatsServers } from "@tickwire/testkit/nats-server";
import type { PartOptions, PartReport } from "../parts.js";
import { until } from "./common.js";
import { lateJoiner } from "./late-joiner.js";
import { natsDown } from "./nats-down.js";
import { nodeFaults } from "./node-faults.js";
import { relayKilled } from "./relay-killed.js";
import { type Size, sizeFromEnv } from "./size.js";
import { throughput } from "./throughput.js";

function nodeFaultSummary(nodes: Awaited<ReturnType<typeof nodeFaults>>): string {
  const faults = nodes.faults.map(
    (f) =>
      `${f.role}: JetStream back ${f.answersAgainMs} ms, longest pause ${f.longestPauseStayedMs} ms (server up), ` +
      `${f.longestPauseReconnectedMs} ms (server killed)`,
  );
  const missing = nodes.consumers.reduce((sum, c) => sum + c.missing, 0);
  const extra = nodes.consumers.reduce((sum, c) => sum + c.extra, 0);
  return (
    `${faults.join("; ")}; ${nodes.storedFrames} of ${nodes.frames} frames stored, ${nodes.storedTwice} twice; ` +
    `consumers missing ${missing}, extra ${extra}; ${nodes.platformSessions} platform session(s)`
  );
}

const sum = <K extends string>(list: Record<K, number>[], key: K) => list.reduce((total, c) => total + c[key], 0);

function seamSummary(seam: Awaited<ReturnType<typeof lateJoiner>>["seam"]): string {
  const c = seam.consumers;
  return (
    `missing ${sum(c, "missing")}, extra ${sum(c, "extra")}, out of order ${sum(c, "subjectsOutOfOrder")}, ` +
    `subjects not delivered ${sum(c, "subjectsWithoutStart")}`
  );
}

export async function run(options: PartOptions, size: Size = sizeFromEnv(options.quick)): Promise<PartReport> {
  const { log } = options;
  const nats = await startNatsServers(3);
  const nc = await connect({ servers: nats.urls, maxReconnectAttempts: -1, reconnectTimeWait: 200 });
  try {
    // The cluster elects its JetStream meta leader after start.
    await until(async () => {
      try {
        await (await jetstreamManager(nc)).getAccountInfo();
        return true;
      } catch {
        return false;
      }
    }, 20_000);
    if (size.nodeFaultsOnly) {
      const nodes = await nodeFaults(nats, nc, size.nodeFaults, log, size.store);
      return {
        ok: nodes.ok,
        summary: `node faults, the stream storing ${size.store}: ${nodeFaultSummary(nodes)}`,
        size,
        natsNodesKilled: nodes,
      };
    }
    if (size.relayKillOnly) {
      const killed = await relayKilled(nats, nc, log, size.store);
      // The gap is the frames of the takeover (no relay held a session): a figure, as in the whole run.
      const ok = killed.duplicates === 0 && killed.takeoverMs < 2000;
      return {
        ok,
        summary: `relay killed, the stream storing ${size.store}: takeover ${killed.takeoverMs} ms, gap ${killed.gapMessages}, duplicates ${killed.duplicates}`,
        size,
        relayKilled: killed,
      };
    }
    const rates = [];
    if (!size.faultsOnly) {
      log(
        `relay: ${size.consumers} consumers, ${size.seconds} s a rate, rates ${size.rates.join(", ")}, ` +
          `live ${size.live.join(" and ")}, R${size.replicas}, the stream storing ${size.store}`,
      );
      for (const live of size.live) {
        for (const rate of size.rates) {
          const result = await throughput(nats, nc, rate, live, size, log);
          rates.push(result);
          if (!result.keepingUp) break;
        }
      }
      if (size.ratesOnly) return { ok: rates.length > 0, summary: "rates only", size, rates };
    }
    log(`relay faults: the stream storing ${size.store}`);
    const late = await lateJoiner(nats, nc, size.live, log, size.store);
    const killed = await relayKilled(nats, nc, log, size.store);
    const nodes = await nodeFaults(nats, nc, size.nodeFaults, log, size.store);
    const down = await natsDown(nats, nc, size.outageSeconds, log, size.store);
    const kept = rates.filter((r) => r.keepingUp).map((r) => `${r.rate} (${r.live})`);
    const stopsAt = rates
      .filter((r) => !r.keepingUp)
      .map((r) => `${r.rate} (${r.live})`)
      .join(", ");
    const ok =
      // Latency on a shared machine is a figure, not a verdict: the verdict is that nothing was lost.
      (size.faultsOnly || (rates.length > 0 && rates[0].lostPerConsumer.every((lost) => lost === 0))) &&
      killed.duplicates === 0 &&
      killed.takeoverMs < 2000 &&
      nodes.ok &&
      down.recovered &&
      down.accountedFor &&
      down.consumersComplete &&
      late.seam.ok &&
      late.lastValuesMs !== null;
    return {
      ok,
      summary:
        `the stream storing ${size.store}; ` +
        (size.faultsOnly ? "no rates" : `kept up at ${kept.join(", ") || "none"}/s`) +
        (stopsAt ? `, not at ${stopsAt}/s` : "") +
        `; late joiner ${late.lastValuesMs?.toFixed(0)} ms to ${late.subjects} last values, seam ${seamSummary(late.seam)}; ` +
        `takeover ${killed.takeoverMs} ms, ` +
        `gap ${killed.gapMessages}, duplicates ${killed.duplicates}; nodes killed: ${nodeFaultSummary(nodes)}; ` +
        `NATS down ${size.outageSeconds} s: ${down.bufferDrops} dropped, recovered in ${down.recoverMs} ms, ` +
        `${down.stored?.backlogDrops ?? down.backlogDrops} given up for the stream; consumers missing ` +
        `${sum(down.consumers, "missing")}, twice ${sum(down.consumers, "twice")}, not stored ${sum(down.consumers, "notStored")}, ` +
        `gaps passed over ${sum(down.consumers, "gapsPassedOver")}`,
      size,
      rates,
      lateJoiner: late,
      relayKilled: killed,
      natsNodesKilled: nodes,
      natsDown: down,
    };
  } finally {
    await nc.close().catch(() => {});
    await nats.close();
  }
}
