// The trade book as the platform's newer documentation lists trades: one record per execution, order-centric, with
// every documented field filled and consistent with the positions (the same fills, so quantities and values add up).
import type { TradeRecord as DocumentedTradeRecord } from "@tickwire/rest-schemas";
import { type Instrument, PRICE_UNITS } from "./instruments.js";
import type { TradeBook, TradeRecord } from "./positions.js";

const round2 = (value: number) => Math.round(value * 100) / 100 + 0;
const units = (price: number) => Math.round(price * PRICE_UNITS);

/** A DAY order expires at the session's close, 15:30 IST (10:00 UTC) of its trading day. */
function sessionClose(epochMs: number): number {
  const day = new Date(epochMs);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 10, 0, 0);
}

/**
 * The book's fills as documented trade records, in the book's order. Each order is filled completely by its fills:
 * `cumulativeQuantity` and `averageTradedPrice` run over the order's fills so far, `leavesQuantity` counts down to 0,
 * and the last fill is a "Fill" that completes the order. Unfilled quantities (the positions' open_*_quantity) have
 * no executions, so they are not trades.
 */
export function documentedTrades(book: TradeBook, entityId: string): DocumentedTradeRecord[] {
  const byOrder = new Map<bigint, TradeRecord[]>();
  for (const trade of book.trades) {
    const fills = byOrder.get(trade.order_id);
    if (fills) fills.push(trade);
    else byOrder.set(trade.order_id, [trade]);
  }
  const instruments = new Map<bigint, Instrument>(book.instruments.map((i) => [i.id, i]));
  const records: DocumentedTradeRecord[] = [];
  for (const [orderId, fills] of byOrder) {
    const first = fills[0] as TradeRecord;
    const instrument = instruments.get(first.instrument_id) as Instrument;
    const orderQuantity = fills.reduce((sum, t) => sum + t.quantity, 0);
    const buy = first.side === "BUY";
    // A limit price every fill respects: the highest paid on a buy, the lowest received on a sell.
    const limitUnits = fills.reduce(
      (limit, t) => (buy ? Math.max(limit, units(t.price)) : Math.min(limit, units(t.price))),
      units(first.price),
    );
    const generated = Date.parse(first.trade_time) - 1_000;
    let cumulativeQuantity = 0;
    let cumulativeUnits = 0;
    fills.forEach((trade, index) => {
      cumulativeQuantity += trade.quantity;
      cumulativeUnits += units(trade.price) * trade.quantity;
      const leavesQuantity = orderQuantity - cumulativeQuantity;
      const completed = leavesQuantity === 0;
      records.push({
        blitzOrderId: orderId,
        exchangeOrderId: String(1_100_000_000_000_000n + (orderId % 1_000_000_000n)),
        executionId: trade.trade_id,
        instrumentId: trade.instrument_id,
        exchangeSegment: trade.exchange_segment,
        exchangeInstrumentId: instrument.exchangeInstrumentId,
        instrumentName: trade.instrument_name,
        instrumentType: instrument.kind === "equity" ? 1 : 2,
        clientId: trade.client_id,
        account: trade.client_id,
        orderType: "Limit",
        orderSide: buy ? "Buy" : "Sell",
        status: completed ? "Filled" : "PartiallyFilled",
        orderQuantity,
        orderPrice: limitUnits / PRICE_UNITS,
        lastTradedQuantity: trade.quantity,
        lastTradedPrice: trade.price,
        cumulativeQuantity,
        leavesQuantity,
        averageTradedPrice: cumulativeUnits / PRICE_UNITS / cumulativeQuantity,
        averageTradedValue: round2(cumulativeUnits / PRICE_UNITS),
        tif: "DAY",
        orderGeneratedDateTime: generated,
        lastRequestDateTime: generated,
        exchangeTransactTime: Date.parse(trade.trade_time),
        orderModificationCount: 0,
        orderTradeCount: index + 1,
        correlationOrderId: null,
        orderTag: "SANDBOX",
        executionType: completed ? "Fill" : "PartialFill",
        rejectType: null,
        orderStopPrice: 0,
        orderTriggerPrice: 0,
        orderDisclosedQuantity: 0,
        minimumQuantity: 0,
        orderExpiryDate: sessionClose(generated),
        isFictiveOrder: false,
        isOrderCompleted: completed,
        entityId,
        strategyId: null,
        strategyInstanceId: null,
        strategyName: null,
        strategyInstanceName: null,
        strategyTag: null,
        ivObjectName: null,
        ctclId: null,
        algoId: null,
        algoCategoryId: null,
        clearingFirmId: null,
        panId: null,
        userText: null,
        sequenceNumber: records.length + 1,
      });
    });
  }
  return records;
}
