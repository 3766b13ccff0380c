/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "protobufjs/minimal.js";

const $Reader = $protobuf.Reader,
  $Writer = $protobuf.Writer,
  $util = $protobuf.util;
const $Object = $util.global.Object,
  $undefined = $util.global.undefined,
  $Error = $util.global.Error,
  $RangeError = $util.global.RangeError;

const $root = $protobuf.roots["default"] || ($protobuf.roots["default"] = {});

export const tickwire = ($root.tickwire = (() => {
  const tickwire = {};

  tickwire.marketdata = (() => {
    const marketdata = {};

    marketdata.v1 = (() => {
      const v1 = {};

      v1.ExchangeSegment = (() => {
        const valuesById = $Object.create(null),
          values = $Object.create(valuesById);
        values[(valuesById[0] = "NONE")] = 0;
        values[(valuesById[1] = "NSECM")] = 1;
        values[(valuesById[2] = "NSEFO")] = 2;
        values[(valuesById[3] = "NSECD")] = 3;
        values[(valuesById[4] = "NSECO")] = 4;
        values[(valuesById[11] = "BSECM")] = 11;
        values[(valuesById[12] = "BSEFO")] = 12;
        values[(valuesById[13] = "BSECD")] = 13;
        values[(valuesById[14] = "BSECO")] = 14;
        values[(valuesById[21] = "NCDEX")] = 21;
        values[(valuesById[31] = "MCXFO")] = 31;
        return values;
      })();

      v1.MarketDataMessageBase = (() => {
        const MarketDataMessageBase = function (properties) {
          if (properties)
            for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
              if (properties[keys[i]] != null && keys[i] !== "__proto__") this[keys[i]] = properties[keys[i]];
        };

        MarketDataMessageBase.prototype.MessageCode = 0;
        MarketDataMessageBase.prototype.ID = $util.Long ? $util.Long.fromBits(0, 0, true) : 0;
        MarketDataMessageBase.prototype.MessageSize = 0;
        MarketDataMessageBase.prototype.TickDataMessage = null;
        MarketDataMessageBase.prototype.TouchLineDataMessage = null;
        MarketDataMessageBase.prototype.MarketDepthMessage = null;
        MarketDataMessageBase.prototype.IndexDataMessage = null;
        MarketDataMessageBase.prototype.IndexDataListMessage = null;
        MarketDataMessageBase.prototype.IncrementalUpdateMessage = null;
        MarketDataMessageBase.prototype.TickData = null;

        let $oneOfFields;

        $Object.defineProperty(MarketDataMessageBase.prototype, "subtype", {
          get: $util.oneOfGetter(
            ($oneOfFields = [
              "TickDataMessage",
              "TouchLineDataMessage",
              "MarketDepthMessage",
              "IndexDataMessage",
              "IndexDataListMessage",
              "IncrementalUpdateMessage",
              "TickData",
            ]),
          ),
          set: $util.oneOfSetter($oneOfFields),
        });

        MarketDataMessageBase.create = (properties) => new MarketDataMessageBase(properties);

        MarketDataMessageBase.encode = (message, writer, _depth) => {
          if (!writer) writer = $Writer.create();
          if (_depth === $undefined) _depth = 0;
          if (_depth > $util.recursionLimit) throw $Error("max depth exceeded");
          if (
            message.MessageCode != null &&
            $Object.hasOwnProperty.call(message, "MessageCode") &&
            message.MessageCode !== 0
          )
            writer.uint32(8).int32(message.MessageCode);
          if (
            message.ID != null &&
            $Object.hasOwnProperty.call(message, "ID") &&
            (typeof message.ID === "object" ? message.ID.low || message.ID.high : message.ID !== 0)
          )
            writer.uint32(16).uint64(message.ID);
          if (
            message.MessageSize != null &&
            $Object.hasOwnProperty.call(message, "MessageSize") &&
            message.MessageSize !== 0
          )
            writer.uint32(24).int32(message.MessageSize);
          if (message.TickDataMessage != null && $Object.hasOwnProperty.call(message, "TickDataMessage"))
            $root.tickwire.marketdata.v1.TickDataMessage.encode(
              message.TickDataMessage,
              writer.uint32(4002).fork(),
              _depth + 1,
            ).ldelim();
          if (message.TouchLineDataMessage != null && $Object.hasOwnProperty.call(message, "TouchLineDataMessage"))
            $root.tickwire.marketdata.v1.TouchLineDataMessage.encode(
              message.TouchLineDataMessage,
              writer.uint32(4010).fork(),
              _depth + 1,
            ).ldelim();
          if (message.MarketDepthMessage != null && $Object.hasOwnProperty.call(message, "MarketDepthMessage"))
            $root.tickwire.marketdata.v1.MarketDepthMessage.encode(
              message.MarketDepthMessage,
              writer.uint32(4018).fork(),
              _depth + 1,
            ).ldelim();
          if (message.IndexDataMessage != null && $Object.hasOwnProperty.call(message, "IndexDataMessage"))
            $root.tickwire.marketdata.v1.IndexDataMessage.encode(
              message.IndexDataMessage,
              writer.uint32(4026).fork(),
              _depth + 1,
            ).ldelim();
          if (message.IndexDataListMessage != null && $Object.hasOwnProperty.call(message, "IndexDataListMessage"))
            $root.tickwire.marketdata.v1.IndexDataListMessage.encode(
              message.IndexDataListMessage,
              writer.uint32(4034).fork(),
              _depth + 1,
            ).ldelim();
          if (
            message.IncrementalUpdateMessage != null &&
            $Object.hasOwnProperty.call(message, "IncrementalUpdateMessage")
          )
            $root.tickwire.marketdata.v1.IncrementalUpdateMessage.encode(
              message.IncrementalUpdateMessage,
              writer.uint32(4042).fork(),
              _depth + 1,
            ).ldelim();
          if (message.TickData != null && $Object.hasOwnProperty.call(message, "TickData"))
            $root.tickwire.marketdata.v1.TickData.encode(
              message.TickData,
              writer.uint32(4050).fork(),
              _depth + 1,
            ).ldelim();
          if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i]);
          return writer;
        };

        MarketDataMessageBase.decode = (reader, length, _end, _depth, _target) => {
          if (!(reader instanceof $Reader)) reader = $Reader.create(reader);
          if (_depth === $undefined) _depth = 0;
          if (_depth > $Reader.recursionLimit) throw $Error("max depth exceeded");
          let end, message, value;
          if (length === $undefined) end = reader.len;
          else {
            end = reader.pos + length;
            if (end > reader.len) throw $RangeError("index out of range");
            length = reader.len;
            reader.len = end;
          }
          message = _target || new $root.tickwire.marketdata.v1.MarketDataMessageBase();
          while (reader.pos < end) {
            const start = reader.pos;
            let tag = reader.tag();
            if (tag === _end) {
              _end = $undefined;
              break;
            }
            const wireType = tag & 7;
            switch ((tag >>>= 3)) {
              case 1: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.MessageCode = value;
                else delete message.MessageCode;
                continue;
              }
              case 2: {
                if (wireType !== 0) break;
                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                  message.ID = value;
                else delete message.ID;
                continue;
              }
              case 3: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.MessageSize = value;
                else delete message.MessageSize;
                continue;
              }
              case 500: {
                if (wireType !== 2) break;
                message.TickDataMessage = $root.tickwire.marketdata.v1.TickDataMessage.decode(
                  reader,
                  reader.size(),
                  $undefined,
                  _depth + 1,
                  message.TickDataMessage,
                );
                message.subtype = "TickDataMessage";
                continue;
              }
              case 501: {
                if (wireType !== 2) break;
                message.TouchLineDataMessage = $root.tickwire.marketdata.v1.TouchLineDataMessage.decode(
                  reader,
                  reader.size(),
                  $undefined,
                  _depth + 1,
                  message.TouchLineDataMessage,
                );
                message.subtype = "TouchLineDataMessage";
                continue;
              }
              case 502: {
                if (wireType !== 2) break;
                message.MarketDepthMessage = $root.tickwire.marketdata.v1.MarketDepthMessage.decode(
                  reader,
                  reader.size(),
                  $undefined,
                  _depth + 1,
                  message.MarketDepthMessage,
                );
                message.subtype = "MarketDepthMessage";
                continue;
              }
              case 503: {
                if (wireType !== 2) break;
                message.IndexDataMessage = $root.tickwire.marketdata.v1.IndexDataMessage.decode(
                  reader,
                  reader.size(),
                  $undefined,
                  _depth + 1,
                  message.IndexDataMessage,
                );
                message.subtype = "IndexDataMessage";
                continue;
              }
              case 504: {
                if (wireType !== 2) break;
                message.IndexDataListMessage = $root.tickwire.marketdata.v1.IndexDataListMessage.decode(
                  reader,
                  reader.size(),
                  $undefined,
                  _depth + 1,
                  message.IndexDataListMessage,
                );
                message.subtype = "IndexDataListMessage";
                continue;
              }
              case 505: {
                if (wireType !== 2) break;
                message.IncrementalUpdateMessage = $root.tickwire.marketdata.v1.IncrementalUpdateMessage.decode(
                  reader,
                  reader.size(),
                  $undefined,
                  _depth + 1,
                  message.IncrementalUpdateMessage,
                );
                message.subtype = "IncrementalUpdateMessage";
                continue;
              }
              case 506: {
                if (wireType !== 2) break;
                message.TickData = $root.tickwire.marketdata.v1.TickData.decode(
                  reader,
                  reader.size(),
                  $undefined,
                  _depth + 1,
                  message.TickData,
                );
                message.subtype = "TickData";
                continue;
              }
            }
            reader.skipType(wireType, _depth, tag);
            if (!reader.discardUnknown) {
              $util.makeProp(message, "$unknowns", false);
              (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
            }
          }
          if (length !== $undefined) {
            if (reader.pos !== end) throw $RangeError("index out of range");
            reader.len = length;
          }
          if (_end !== $undefined) throw $Error("missing end group");
          return message;
        };

        return MarketDataMessageBase;
      })();

      v1.TickDataMessage = (() => {
        const TickDataMessage = function (properties) {
          if (properties)
            for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
              if (properties[keys[i]] != null && keys[i] !== "__proto__") this[keys[i]] = properties[keys[i]];
        };

        TickDataMessage.prototype.InstrumentID = $util.Long ? $util.Long.fromBits(0, 0, true) : 0;
        TickDataMessage.prototype.ExchangeSegment = 0;
        TickDataMessage.prototype.ExchangeInstrumentID = 0;
        TickDataMessage.prototype.InstrumentName = "";
        TickDataMessage.prototype.TimeStamp = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        TickDataMessage.prototype.LTP = 0;
        TickDataMessage.prototype.LTQ = 0;
        TickDataMessage.prototype.LTT = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;

        TickDataMessage.create = (properties) => new TickDataMessage(properties);

        TickDataMessage.encode = (message, writer, _depth) => {
          if (!writer) writer = $Writer.create();
          if (_depth === $undefined) _depth = 0;
          if (_depth > $util.recursionLimit) throw $Error("max depth exceeded");
          if (
            message.InstrumentID != null &&
            $Object.hasOwnProperty.call(message, "InstrumentID") &&
            (typeof message.InstrumentID === "object"
              ? message.InstrumentID.low || message.InstrumentID.high
              : message.InstrumentID !== 0)
          )
            writer.uint32(80).uint64(message.InstrumentID);
          if (
            message.ExchangeSegment != null &&
            $Object.hasOwnProperty.call(message, "ExchangeSegment") &&
            message.ExchangeSegment !== 0
          )
            writer.uint32(88).int32(message.ExchangeSegment);
          if (
            message.ExchangeInstrumentID != null &&
            $Object.hasOwnProperty.call(message, "ExchangeInstrumentID") &&
            message.ExchangeInstrumentID !== 0
          )
            writer.uint32(96).uint32(message.ExchangeInstrumentID);
          if (
            message.InstrumentName != null &&
            $Object.hasOwnProperty.call(message, "InstrumentName") &&
            message.InstrumentName !== ""
          )
            writer.uint32(106).string(message.InstrumentName);
          if (
            message.TimeStamp != null &&
            $Object.hasOwnProperty.call(message, "TimeStamp") &&
            (typeof message.TimeStamp === "object"
              ? message.TimeStamp.low || message.TimeStamp.high
              : message.TimeStamp !== 0)
          )
            writer.uint32(112).int64(message.TimeStamp);
          if (message.LTP != null && $Object.hasOwnProperty.call(message, "LTP") && !$Object.is(message.LTP, 0))
            writer.uint32(121).double(message.LTP);
          if (message.LTQ != null && $Object.hasOwnProperty.call(message, "LTQ") && message.LTQ !== 0)
            writer.uint32(128).int32(message.LTQ);
          if (
            message.LTT != null &&
            $Object.hasOwnProperty.call(message, "LTT") &&
            (typeof message.LTT === "object" ? message.LTT.low || message.LTT.high : message.LTT !== 0)
          )
            writer.uint32(136).int64(message.LTT);
          if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i]);
          return writer;
        };

        TickDataMessage.decode = (reader, length, _end, _depth, _target) => {
          if (!(reader instanceof $Reader)) reader = $Reader.create(reader);
          if (_depth === $undefined) _depth = 0;
          if (_depth > $Reader.recursionLimit) throw $Error("max depth exceeded");
          let end, message, value;
          if (length === $undefined) end = reader.len;
          else {
            end = reader.pos + length;
            if (end > reader.len) throw $RangeError("index out of range");
            length = reader.len;
            reader.len = end;
          }
          message = _target || new $root.tickwire.marketdata.v1.TickDataMessage();
          while (reader.pos < end) {
            const start = reader.pos;
            let tag = reader.tag();
            if (tag === _end) {
              _end = $undefined;
              break;
            }
            const wireType = tag & 7;
            switch ((tag >>>= 3)) {
              case 10: {
                if (wireType !== 0) break;
                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                  message.InstrumentID = value;
                else delete message.InstrumentID;
                continue;
              }
              case 11: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.ExchangeSegment = value;
                else delete message.ExchangeSegment;
                continue;
              }
              case 12: {
                if (wireType !== 0) break;
                if ((value = reader.uint32())) message.ExchangeInstrumentID = value;
                else delete message.ExchangeInstrumentID;
                continue;
              }
              case 13: {
                if (wireType !== 2) break;
                if ((value = reader.stringVerify()).length) message.InstrumentName = value;
                else delete message.InstrumentName;
                continue;
              }
              case 14: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.TimeStamp = value;
                else delete message.TimeStamp;
                continue;
              }
              case 15: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.LTP = value;
                else delete message.LTP;
                continue;
              }
              case 16: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.LTQ = value;
                else delete message.LTQ;
                continue;
              }
              case 17: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.LTT = value;
                else delete message.LTT;
                continue;
              }
            }
            reader.skipType(wireType, _depth, tag);
            if (!reader.discardUnknown) {
              $util.makeProp(message, "$unknowns", false);
              (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
            }
          }
          if (length !== $undefined) {
            if (reader.pos !== end) throw $RangeError("index out of range");
            reader.len = length;
          }
          if (_end !== $undefined) throw $Error("missing end group");
          return message;
        };

        return TickDataMessage;
      })();

      v1.TouchLineDataMessage = (() => {
        const TouchLineDataMessage = function (properties) {
          this.BestBidLevel = [];
          this.BestAskLevel = [];
          if (properties)
            for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
              if (properties[keys[i]] != null && keys[i] !== "__proto__") this[keys[i]] = properties[keys[i]];
        };

        TouchLineDataMessage.prototype.InstrumentID = $util.Long ? $util.Long.fromBits(0, 0, true) : 0;
        TouchLineDataMessage.prototype.ExchangeSegment = 0;
        TouchLineDataMessage.prototype.ExchangeInstrumentID = 0;
        TouchLineDataMessage.prototype.InstrumentName = "";
        TouchLineDataMessage.prototype.TimeStamp = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        TouchLineDataMessage.prototype.LTP = 0;
        TouchLineDataMessage.prototype.LTQ = 0;
        TouchLineDataMessage.prototype.LTT = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        TouchLineDataMessage.prototype.ATP = 0;
        TouchLineDataMessage.prototype.VTT = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        TouchLineDataMessage.prototype.TBQ = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        TouchLineDataMessage.prototype.TSQ = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        TouchLineDataMessage.prototype.Open = 0;
        TouchLineDataMessage.prototype.High = 0;
        TouchLineDataMessage.prototype.Low = 0;
        TouchLineDataMessage.prototype.Close = 0;
        TouchLineDataMessage.prototype.OI = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        TouchLineDataMessage.prototype.BestBidLevel = $util.emptyArray;
        TouchLineDataMessage.prototype.BestAskLevel = $util.emptyArray;

        TouchLineDataMessage.create = (properties) => new TouchLineDataMessage(properties);

        TouchLineDataMessage.encode = (message, writer, _depth) => {
          if (!writer) writer = $Writer.create();
          if (_depth === $undefined) _depth = 0;
          if (_depth > $util.recursionLimit) throw $Error("max depth exceeded");
          if (
            message.InstrumentID != null &&
            $Object.hasOwnProperty.call(message, "InstrumentID") &&
            (typeof message.InstrumentID === "object"
              ? message.InstrumentID.low || message.InstrumentID.high
              : message.InstrumentID !== 0)
          )
            writer.uint32(80).uint64(message.InstrumentID);
          if (
            message.ExchangeSegment != null &&
            $Object.hasOwnProperty.call(message, "ExchangeSegment") &&
            message.ExchangeSegment !== 0
          )
            writer.uint32(88).int32(message.ExchangeSegment);
          if (
            message.ExchangeInstrumentID != null &&
            $Object.hasOwnProperty.call(message, "ExchangeInstrumentID") &&
            message.ExchangeInstrumentID !== 0
          )
            writer.uint32(96).uint32(message.ExchangeInstrumentID);
          if (
            message.InstrumentName != null &&
            $Object.hasOwnProperty.call(message, "InstrumentName") &&
            message.InstrumentName !== ""
          )
            writer.uint32(106).string(message.InstrumentName);
          if (
            message.TimeStamp != null &&
            $Object.hasOwnProperty.call(message, "TimeStamp") &&
            (typeof message.TimeStamp === "object"
              ? message.TimeStamp.low || message.TimeStamp.high
              : message.TimeStamp !== 0)
          )
            writer.uint32(112).int64(message.TimeStamp);
          if (message.LTP != null && $Object.hasOwnProperty.call(message, "LTP") && !$Object.is(message.LTP, 0))
            writer.uint32(121).double(message.LTP);
          if (message.LTQ != null && $Object.hasOwnProperty.call(message, "LTQ") && message.LTQ !== 0)
            writer.uint32(128).int32(message.LTQ);
          if (
            message.LTT != null &&
            $Object.hasOwnProperty.call(message, "LTT") &&
            (typeof message.LTT === "object" ? message.LTT.low || message.LTT.high : message.LTT !== 0)
          )
            writer.uint32(136).int64(message.LTT);
          if (message.ATP != null && $Object.hasOwnProperty.call(message, "ATP") && !$Object.is(message.ATP, 0))
            writer.uint32(145).double(message.ATP);
          if (
            message.VTT != null &&
            $Object.hasOwnProperty.call(message, "VTT") &&
            (typeof message.VTT === "object" ? message.VTT.low || message.VTT.high : message.VTT !== 0)
          )
            writer.uint32(152).int64(message.VTT);
          if (
            message.TBQ != null &&
            $Object.hasOwnProperty.call(message, "TBQ") &&
            (typeof message.TBQ === "object" ? message.TBQ.low || message.TBQ.high : message.TBQ !== 0)
          )
            writer.uint32(160).int64(message.TBQ);
          if (
            message.TSQ != null &&
            $Object.hasOwnProperty.call(message, "TSQ") &&
            (typeof message.TSQ === "object" ? message.TSQ.low || message.TSQ.high : message.TSQ !== 0)
          )
            writer.uint32(168).int64(message.TSQ);
          if (message.Open != null && $Object.hasOwnProperty.call(message, "Open") && !$Object.is(message.Open, 0))
            writer.uint32(177).double(message.Open);
          if (message.High != null && $Object.hasOwnProperty.call(message, "High") && !$Object.is(message.High, 0))
            writer.uint32(185).double(message.High);
          if (message.Low != null && $Object.hasOwnProperty.call(message, "Low") && !$Object.is(message.Low, 0))
            writer.uint32(193).double(message.Low);
          if (message.Close != null && $Object.hasOwnProperty.call(message, "Close") && !$Object.is(message.Close, 0))
            writer.uint32(201).double(message.Close);
          if (
            message.OI != null &&
            $Object.hasOwnProperty.call(message, "OI") &&
            (typeof message.OI === "object" ? message.OI.low || message.OI.high : message.OI !== 0)
          )
            writer.uint32(208).int64(message.OI);
          if (message.BestBidLevel != null && message.BestBidLevel.length)
            for (let i = 0; i < message.BestBidLevel.length; ++i)
              $root.tickwire.marketdata.v1.PriceDepthLevel.encode(
                message.BestBidLevel[i],
                writer.uint32(218).fork(),
                _depth + 1,
              ).ldelim();
          if (message.BestAskLevel != null && message.BestAskLevel.length)
            for (let i = 0; i < message.BestAskLevel.length; ++i)
              $root.tickwire.marketdata.v1.PriceDepthLevel.encode(
                message.BestAskLevel[i],
                writer.uint32(226).fork(),
                _depth + 1,
              ).ldelim();
          if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i]);
          return writer;
        };

        TouchLineDataMessage.decode = (reader, length, _end, _depth, _target) => {
          if (!(reader instanceof $Reader)) reader = $Reader.create(reader);
          if (_depth === $undefined) _depth = 0;
          if (_depth > $Reader.recursionLimit) throw $Error("max depth exceeded");
          let end, message, value;
          if (length === $undefined) end = reader.len;
          else {
            end = reader.pos + length;
            if (end > reader.len) throw $RangeError("index out of range");
            length = reader.len;
            reader.len = end;
          }
          message = _target || new $root.tickwire.marketdata.v1.TouchLineDataMessage();
          while (reader.pos < end) {
            const start = reader.pos;
            let tag = reader.tag();
            if (tag === _end) {
              _end = $undefined;
              break;
            }
            const wireType = tag & 7;
            switch ((tag >>>= 3)) {
              case 10: {
                if (wireType !== 0) break;
                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                  message.InstrumentID = value;
                else delete message.InstrumentID;
                continue;
              }
              case 11: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.ExchangeSegment = value;
                else delete message.ExchangeSegment;
                continue;
              }
              case 12: {
                if (wireType !== 0) break;
                if ((value = reader.uint32())) message.ExchangeInstrumentID = value;
                else delete message.ExchangeInstrumentID;
                continue;
              }
              case 13: {
                if (wireType !== 2) break;
                if ((value = reader.stringVerify()).length) message.InstrumentName = value;
                else delete message.InstrumentName;
                continue;
              }
              case 14: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.TimeStamp = value;
                else delete message.TimeStamp;
                continue;
              }
              case 15: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.LTP = value;
                else delete message.LTP;
                continue;
              }
              case 16: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.LTQ = value;
                else delete message.LTQ;
                continue;
              }
              case 17: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.LTT = value;
                else delete message.LTT;
                continue;
              }
              case 18: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.ATP = value;
                else delete message.ATP;
                continue;
              }
              case 19: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.VTT = value;
                else delete message.VTT;
                continue;
              }
              case 20: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.TBQ = value;
                else delete message.TBQ;
                continue;
              }
              case 21: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.TSQ = value;
                else delete message.TSQ;
                continue;
              }
              case 22: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.Open = value;
                else delete message.Open;
                continue;
              }
              case 23: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.High = value;
                else delete message.High;
                continue;
              }
              case 24: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.Low = value;
                else delete message.Low;
                continue;
              }
              case 25: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.Close = value;
                else delete message.Close;
                continue;
              }
              case 26: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.OI = value;
                else delete message.OI;
                continue;
              }
              case 27: {
                if (wireType !== 2) break;
                if (!(message.BestBidLevel && message.BestBidLevel.length)) message.BestBidLevel = [];
                message.BestBidLevel.push(
                  $root.tickwire.marketdata.v1.PriceDepthLevel.decode(reader, reader.size(), $undefined, _depth + 1),
                );
                continue;
              }
              case 28: {
                if (wireType !== 2) break;
                if (!(message.BestAskLevel && message.BestAskLevel.length)) message.BestAskLevel = [];
                message.BestAskLevel.push(
                  $root.tickwire.marketdata.v1.PriceDepthLevel.decode(reader, reader.size(), $undefined, _depth + 1),
                );
                continue;
              }
            }
            reader.skipType(wireType, _depth, tag);
            if (!reader.discardUnknown) {
              $util.makeProp(message, "$unknowns", false);
              (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
            }
          }
          if (length !== $undefined) {
            if (reader.pos !== end) throw $RangeError("index out of range");
            reader.len = length;
          }
          if (_end !== $undefined) throw $Error("missing end group");
          return message;
        };

        return TouchLineDataMessage;
      })();

      v1.MarketDepthMessage = (() => {
        const MarketDepthMessage = function (properties) {
          this.BestBidLevel = [];
          this.BestAskLevel = [];
          if (properties)
            for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
              if (properties[keys[i]] != null && keys[i] !== "__proto__") this[keys[i]] = properties[keys[i]];
        };

        MarketDepthMessage.prototype.InstrumentID = $util.Long ? $util.Long.fromBits(0, 0, true) : 0;
        MarketDepthMessage.prototype.ExchangeSegment = 0;
        MarketDepthMessage.prototype.ExchangeInstrumentID = 0;
        MarketDepthMessage.prototype.InstrumentName = "";
        MarketDepthMessage.prototype.TimeStamp = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        MarketDepthMessage.prototype.LTP = 0;
        MarketDepthMessage.prototype.LTQ = 0;
        MarketDepthMessage.prototype.LTT = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        MarketDepthMessage.prototype.ATP = 0;
        MarketDepthMessage.prototype.VTT = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        MarketDepthMessage.prototype.TBQ = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        MarketDepthMessage.prototype.TSQ = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        MarketDepthMessage.prototype.Open = 0;
        MarketDepthMessage.prototype.High = 0;
        MarketDepthMessage.prototype.Low = 0;
        MarketDepthMessage.prototype.Close = 0;
        MarketDepthMessage.prototype.OI = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        MarketDepthMessage.prototype.BestBidLevel = $util.emptyArray;
        MarketDepthMessage.prototype.BestAskLevel = $util.emptyArray;

        MarketDepthMessage.create = (properties) => new MarketDepthMessage(properties);

        MarketDepthMessage.encode = (message, writer, _depth) => {
          if (!writer) writer = $Writer.create();
          if (_depth === $undefined) _depth = 0;
          if (_depth > $util.recursionLimit) throw $Error("max depth exceeded");
          if (
            message.InstrumentID != null &&
            $Object.hasOwnProperty.call(message, "InstrumentID") &&
            (typeof message.InstrumentID === "object"
              ? message.InstrumentID.low || message.InstrumentID.high
              : message.InstrumentID !== 0)
          )
            writer.uint32(80).uint64(message.InstrumentID);
          if (
            message.ExchangeSegment != null &&
            $Object.hasOwnProperty.call(message, "ExchangeSegment") &&
            message.ExchangeSegment !== 0
          )
            writer.uint32(88).int32(message.ExchangeSegment);
          if (
            message.ExchangeInstrumentID != null &&
            $Object.hasOwnProperty.call(message, "ExchangeInstrumentID") &&
            message.ExchangeInstrumentID !== 0
          )
            writer.uint32(96).uint32(message.ExchangeInstrumentID);
          if (
            message.InstrumentName != null &&
            $Object.hasOwnProperty.call(message, "InstrumentName") &&
            message.InstrumentName !== ""
          )
            writer.uint32(106).string(message.InstrumentName);
          if (
            message.TimeStamp != null &&
            $Object.hasOwnProperty.call(message, "TimeStamp") &&
            (typeof message.TimeStamp === "object"
              ? message.TimeStamp.low || message.TimeStamp.high
              : message.TimeStamp !== 0)
          )
            writer.uint32(112).int64(message.TimeStamp);
          if (message.LTP != null && $Object.hasOwnProperty.call(message, "LTP") && !$Object.is(message.LTP, 0))
            writer.uint32(121).double(message.LTP);
          if (message.LTQ != null && $Object.hasOwnProperty.call(message, "LTQ") && message.LTQ !== 0)
            writer.uint32(128).int32(message.LTQ);
          if (
            message.LTT != null &&
            $Object.hasOwnProperty.call(message, "LTT") &&
            (typeof message.LTT === "object" ? message.LTT.low || message.LTT.high : message.LTT !== 0)
          )
            writer.uint32(136).int64(message.LTT);
          if (message.ATP != null && $Object.hasOwnProperty.call(message, "ATP") && !$Object.is(message.ATP, 0))
            writer.uint32(145).double(message.ATP);
          if (
            message.VTT != null &&
            $Object.hasOwnProperty.call(message, "VTT") &&
            (typeof message.VTT === "object" ? message.VTT.low || message.VTT.high : message.VTT !== 0)
          )
            writer.uint32(152).int64(message.VTT);
          if (
            message.TBQ != null &&
            $Object.hasOwnProperty.call(message, "TBQ") &&
            (typeof message.TBQ === "object" ? message.TBQ.low || message.TBQ.high : message.TBQ !== 0)
          )
            writer.uint32(160).int64(message.TBQ);
          if (
            message.TSQ != null &&
            $Object.hasOwnProperty.call(message, "TSQ") &&
            (typeof message.TSQ === "object" ? message.TSQ.low || message.TSQ.high : message.TSQ !== 0)
          )
            writer.uint32(168).int64(message.TSQ);
          if (message.Open != null && $Object.hasOwnProperty.call(message, "Open") && !$Object.is(message.Open, 0))
            writer.uint32(177).double(message.Open);
          if (message.High != null && $Object.hasOwnProperty.call(message, "High") && !$Object.is(message.High, 0))
            writer.uint32(185).double(message.High);
          if (message.Low != null && $Object.hasOwnProperty.call(message, "Low") && !$Object.is(message.Low, 0))
            writer.uint32(193).double(message.Low);
          if (message.Close != null && $Object.hasOwnProperty.call(message, "Close") && !$Object.is(message.Close, 0))
            writer.uint32(201).double(message.Close);
          if (
            message.OI != null &&
            $Object.hasOwnProperty.call(message, "OI") &&
            (typeof message.OI === "object" ? message.OI.low || message.OI.high : message.OI !== 0)
          )
            writer.uint32(208).int64(message.OI);
          if (message.BestBidLevel != null && message.BestBidLevel.length)
            for (let i = 0; i < message.BestBidLevel.length; ++i)
              $root.tickwire.marketdata.v1.PriceDepthLevel.encode(
                message.BestBidLevel[i],
                writer.uint32(218).fork(),
                _depth + 1,
              ).ldelim();
          if (message.BestAskLevel != null && message.BestAskLevel.length)
            for (let i = 0; i < message.BestAskLevel.length; ++i)
              $root.tickwire.marketdata.v1.PriceDepthLevel.encode(
                message.BestAskLevel[i],
                writer.uint32(226).fork(),
                _depth + 1,
              ).ldelim();
          if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i]);
          return writer;
        };

        MarketDepthMessage.decode = (reader, length, _end, _depth, _target) => {
          if (!(reader instanceof $Reader)) reader = $Reader.create(reader);
          if (_depth === $undefined) _depth = 0;
          if (_depth > $Reader.recursionLimit) throw $Error("max depth exceeded");
          let end, message, value;
          if (length === $undefined) end = reader.len;
          else {
            end = reader.pos + length;
            if (end > reader.len) throw $RangeError("index out of range");
            length = reader.len;
            reader.len = end;
          }
          message = _target || new $root.tickwire.marketdata.v1.MarketDepthMessage();
          while (reader.pos < end) {
            const start = reader.pos;
            let tag = reader.tag();
            if (tag === _end) {
              _end = $undefined;
              break;
            }
            const wireType = tag & 7;
            switch ((tag >>>= 3)) {
              case 10: {
                if (wireType !== 0) break;
                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                  message.InstrumentID = value;
                else delete message.InstrumentID;
                continue;
              }
              case 11: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.ExchangeSegment = value;
                else delete message.ExchangeSegment;
                continue;
              }
              case 12: {
                if (wireType !== 0) break;
                if ((value = reader.uint32())) message.ExchangeInstrumentID = value;
                else delete message.ExchangeInstrumentID;
                continue;
              }
              case 13: {
                if (wireType !== 2) break;
                if ((value = reader.stringVerify()).length) message.InstrumentName = value;
                else delete message.InstrumentName;
                continue;
              }
              case 14: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.TimeStamp = value;
                else delete message.TimeStamp;
                continue;
              }
              case 15: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.LTP = value;
                else delete message.LTP;
                continue;
              }
              case 16: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.LTQ = value;
                else delete message.LTQ;
                continue;
              }
              case 17: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.LTT = value;
                else delete message.LTT;
                continue;
              }
              case 18: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.ATP = value;
                else delete message.ATP;
                continue;
              }
              case 19: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.VTT = value;
                else delete message.VTT;
                continue;
              }
              case 20: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.TBQ = value;
                else delete message.TBQ;
                continue;
              }
              case 21: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.TSQ = value;
                else delete message.TSQ;
                continue;
              }
              case 22: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.Open = value;
                else delete message.Open;
                continue;
              }
              case 23: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.High = value;
                else delete message.High;
                continue;
              }
              case 24: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.Low = value;
                else delete message.Low;
                continue;
              }
              case 25: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.Close = value;
                else delete message.Close;
                continue;
              }
              case 26: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.OI = value;
                else delete message.OI;
                continue;
              }
              case 27: {
                if (wireType !== 2) break;
                if (!(message.BestBidLevel && message.BestBidLevel.length)) message.BestBidLevel = [];
                message.BestBidLevel.push(
                  $root.tickwire.marketdata.v1.PriceDepthLevel.decode(reader, reader.size(), $undefined, _depth + 1),
                );
                continue;
              }
              case 28: {
                if (wireType !== 2) break;
                if (!(message.BestAskLevel && message.BestAskLevel.length)) message.BestAskLevel = [];
                message.BestAskLevel.push(
                  $root.tickwire.marketdata.v1.PriceDepthLevel.decode(reader, reader.size(), $undefined, _depth + 1),
                );
                continue;
              }
            }
            reader.skipType(wireType, _depth, tag);
            if (!reader.discardUnknown) {
              $util.makeProp(message, "$unknowns", false);
              (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
            }
          }
          if (length !== $undefined) {
            if (reader.pos !== end) throw $RangeError("index out of range");
            reader.len = length;
          }
          if (_end !== $undefined) throw $Error("missing end group");
          return message;
        };

        return MarketDepthMessage;
      })();

      v1.PriceDepthLevel = (() => {
        const PriceDepthLevel = function (properties) {
          if (properties)
            for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
              if (properties[keys[i]] != null && keys[i] !== "__proto__") this[keys[i]] = properties[keys[i]];
        };

        PriceDepthLevel.prototype.Qty = 0;
        PriceDepthLevel.prototype.Price = 0;
        PriceDepthLevel.prototype.Orders = 0;

        PriceDepthLevel.create = (properties) => new PriceDepthLevel(properties);

        PriceDepthLevel.encode = (message, writer, _depth) => {
          if (!writer) writer = $Writer.create();
          if (_depth === $undefined) _depth = 0;
          if (_depth > $util.recursionLimit) throw $Error("max depth exceeded");
          if (message.Qty != null && $Object.hasOwnProperty.call(message, "Qty") && message.Qty !== 0)
            writer.uint32(8).int32(message.Qty);
          if (message.Price != null && $Object.hasOwnProperty.call(message, "Price") && !$Object.is(message.Price, 0))
            writer.uint32(17).double(message.Price);
          if (message.Orders != null && $Object.hasOwnProperty.call(message, "Orders") && message.Orders !== 0)
            writer.uint32(24).int32(message.Orders);
          if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i]);
          return writer;
        };

        PriceDepthLevel.decode = (reader, length, _end, _depth, _target) => {
          if (!(reader instanceof $Reader)) reader = $Reader.create(reader);
          if (_depth === $undefined) _depth = 0;
          if (_depth > $Reader.recursionLimit) throw $Error("max depth exceeded");
          let end, message, value;
          if (length === $undefined) end = reader.len;
          else {
            end = reader.pos + length;
            if (end > reader.len) throw $RangeError("index out of range");
            length = reader.len;
            reader.len = end;
          }
          message = _target || new $root.tickwire.marketdata.v1.PriceDepthLevel();
          while (reader.pos < end) {
            const start = reader.pos;
            let tag = reader.tag();
            if (tag === _end) {
              _end = $undefined;
              break;
            }
            const wireType = tag & 7;
            switch ((tag >>>= 3)) {
              case 1: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.Qty = value;
                else delete message.Qty;
                continue;
              }
              case 2: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.Price = value;
                else delete message.Price;
                continue;
              }
              case 3: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.Orders = value;
                else delete message.Orders;
                continue;
              }
            }
            reader.skipType(wireType, _depth, tag);
            if (!reader.discardUnknown) {
              $util.makeProp(message, "$unknowns", false);
              (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
            }
          }
          if (length !== $undefined) {
            if (reader.pos !== end) throw $RangeError("index out of range");
            reader.len = length;
          }
          if (_end !== $undefined) throw $Error("missing end group");
          return message;
        };

        return PriceDepthLevel;
      })();

      v1.TickData = (() => {
        const TickData = function (properties) {
          if (properties)
            for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
              if (properties[keys[i]] != null && keys[i] !== "__proto__") this[keys[i]] = properties[keys[i]];
        };

        TickData.prototype.InstrumentID = $util.Long ? $util.Long.fromBits(0, 0, true) : 0;
        TickData.prototype.ExchangeSegment = 0;
        TickData.prototype.ExchangeInstrumentID = 0;
        TickData.prototype.InstrumentName = "";
        TickData.prototype.LTP = 0;
        TickData.prototype.LTQ = 0;
        TickData.prototype.LTT = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        TickData.prototype.Flag = 0;

        TickData.create = (properties) => new TickData(properties);

        TickData.encode = (message, writer, _depth) => {
          if (!writer) writer = $Writer.create();
          if (_depth === $undefined) _depth = 0;
          if (_depth > $util.recursionLimit) throw $Error("max depth exceeded");
          if (
            message.InstrumentID != null &&
            $Object.hasOwnProperty.call(message, "InstrumentID") &&
            (typeof message.InstrumentID === "object"
              ? message.InstrumentID.low || message.InstrumentID.high
              : message.InstrumentID !== 0)
          )
            writer.uint32(8).uint64(message.InstrumentID);
          if (
            message.ExchangeSegment != null &&
            $Object.hasOwnProperty.call(message, "ExchangeSegment") &&
            message.ExchangeSegment !== 0
          )
            writer.uint32(16).int32(message.ExchangeSegment);
          if (
            message.ExchangeInstrumentID != null &&
            $Object.hasOwnProperty.call(message, "ExchangeInstrumentID") &&
            message.ExchangeInstrumentID !== 0
          )
            writer.uint32(24).uint32(message.ExchangeInstrumentID);
          if (
            message.InstrumentName != null &&
            $Object.hasOwnProperty.call(message, "InstrumentName") &&
            message.InstrumentName !== ""
          )
            writer.uint32(34).string(message.InstrumentName);
          if (message.LTP != null && $Object.hasOwnProperty.call(message, "LTP") && !$Object.is(message.LTP, 0))
            writer.uint32(41).double(message.LTP);
          if (message.LTQ != null && $Object.hasOwnProperty.call(message, "LTQ") && message.LTQ !== 0)
            writer.uint32(48).int32(message.LTQ);
          if (
            message.LTT != null &&
            $Object.hasOwnProperty.call(message, "LTT") &&
            (typeof message.LTT === "object" ? message.LTT.low || message.LTT.high : message.LTT !== 0)
          )
            writer.uint32(56).int64(message.LTT);
          if (message.Flag != null && $Object.hasOwnProperty.call(message, "Flag") && message.Flag !== 0)
            writer.uint32(64).int32(message.Flag);
          if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i]);
          return writer;
        };

        TickData.decode = (reader, length, _end, _depth, _target) => {
          if (!(reader instanceof $Reader)) reader = $Reader.create(reader);
          if (_depth === $undefined) _depth = 0;
          if (_depth > $Reader.recursionLimit) throw $Error("max depth exceeded");
          let end, message, value;
          if (length === $undefined) end = reader.len;
          else {
            end = reader.pos + length;
            if (end > reader.len) throw $RangeError("index out of range");
            length = reader.len;
            reader.len = end;
          }
          message = _target || new $root.tickwire.marketdata.v1.TickData();
          while (reader.pos < end) {
            const start = reader.pos;
            let tag = reader.tag();
            if (tag === _end) {
              _end = $undefined;
              break;
            }
            const wireType = tag & 7;
            switch ((tag >>>= 3)) {
              case 1: {
                if (wireType !== 0) break;
                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                  message.InstrumentID = value;
                else delete message.InstrumentID;
                continue;
              }
              case 2: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.ExchangeSegment = value;
                else delete message.ExchangeSegment;
                continue;
              }
              case 3: {
                if (wireType !== 0) break;
                if ((value = reader.uint32())) message.ExchangeInstrumentID = value;
                else delete message.ExchangeInstrumentID;
                continue;
              }
              case 4: {
                if (wireType !== 2) break;
                if ((value = reader.stringVerify()).length) message.InstrumentName = value;
                else delete message.InstrumentName;
                continue;
              }
              case 5: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.LTP = value;
                else delete message.LTP;
                continue;
              }
              case 6: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.LTQ = value;
                else delete message.LTQ;
                continue;
              }
              case 7: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.LTT = value;
                else delete message.LTT;
                continue;
              }
              case 8: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.Flag = value;
                else delete message.Flag;
                continue;
              }
            }
            reader.skipType(wireType, _depth, tag);
            if (!reader.discardUnknown) {
              $util.makeProp(message, "$unknowns", false);
              (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
            }
          }
          if (length !== $undefined) {
            if (reader.pos !== end) throw $RangeError("index out of range");
            reader.len = length;
          }
          if (_end !== $undefined) throw $Error("missing end group");
          return message;
        };

        return TickData;
      })();

      v1.IndexData = (() => {
        const IndexData = function (properties) {
          if (properties)
            for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
              if (properties[keys[i]] != null && keys[i] !== "__proto__") this[keys[i]] = properties[keys[i]];
        };

        IndexData.prototype.InstrumentID = $util.Long ? $util.Long.fromBits(0, 0, true) : 0;
        IndexData.prototype.ExchangeSegment = 0;
        IndexData.prototype.ExchangeInstrumentID = 0;
        IndexData.prototype.IndexName = "";
        IndexData.prototype.TimeStamp = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;
        IndexData.prototype.Last = 0;
        IndexData.prototype.Open = 0;
        IndexData.prototype.High = 0;
        IndexData.prototype.Low = 0;
        IndexData.prototype.Close = 0;
        IndexData.prototype.YearlyHigh = 0;
        IndexData.prototype.YearlyLow = 0;
        IndexData.prototype.NetChangeIndicator = 0;

        IndexData.create = (properties) => new IndexData(properties);

        IndexData.encode = (message, writer, _depth) => {
          if (!writer) writer = $Writer.create();
          if (_depth === $undefined) _depth = 0;
          if (_depth > $util.recursionLimit) throw $Error("max depth exceeded");
          if (
            message.InstrumentID != null &&
            $Object.hasOwnProperty.call(message, "InstrumentID") &&
            (typeof message.InstrumentID === "object"
              ? message.InstrumentID.low || message.InstrumentID.high
              : message.InstrumentID !== 0)
          )
            writer.uint32(80).uint64(message.InstrumentID);
          if (
            message.ExchangeSegment != null &&
            $Object.hasOwnProperty.call(message, "ExchangeSegment") &&
            message.ExchangeSegment !== 0
          )
            writer.uint32(88).int32(message.ExchangeSegment);
          if (
            message.ExchangeInstrumentID != null &&
            $Object.hasOwnProperty.call(message, "ExchangeInstrumentID") &&
            message.ExchangeInstrumentID !== 0
          )
            writer.uint32(96).uint32(message.ExchangeInstrumentID);
          if (
            message.IndexName != null &&
            $Object.hasOwnProperty.call(message, "IndexName") &&
            message.IndexName !== ""
          )
            writer.uint32(106).string(message.IndexName);
          if (
            message.TimeStamp != null &&
            $Object.hasOwnProperty.call(message, "TimeStamp") &&
            (typeof message.TimeStamp === "object"
              ? message.TimeStamp.low || message.TimeStamp.high
              : message.TimeStamp !== 0)
          )
            writer.uint32(112).int64(message.TimeStamp);
          if (message.Last != null && $Object.hasOwnProperty.call(message, "Last") && !$Object.is(message.Last, 0))
            writer.uint32(121).double(message.Last);
          if (message.Open != null && $Object.hasOwnProperty.call(message, "Open") && !$Object.is(message.Open, 0))
            writer.uint32(129).double(message.Open);
          if (message.High != null && $Object.hasOwnProperty.call(message, "High") && !$Object.is(message.High, 0))
            writer.uint32(137).double(message.High);
          if (message.Low != null && $Object.hasOwnProperty.call(message, "Low") && !$Object.is(message.Low, 0))
            writer.uint32(145).double(message.Low);
          if (message.Close != null && $Object.hasOwnProperty.call(message, "Close") && !$Object.is(message.Close, 0))
            writer.uint32(153).double(message.Close);
          if (
            message.YearlyHigh != null &&
            $Object.hasOwnProperty.call(message, "YearlyHigh") &&
            !$Object.is(message.YearlyHigh, 0)
          )
            writer.uint32(161).double(message.YearlyHigh);
          if (
            message.YearlyLow != null &&
            $Object.hasOwnProperty.call(message, "YearlyLow") &&
            !$Object.is(message.YearlyLow, 0)
          )
            writer.uint32(169).double(message.YearlyLow);
          if (
            message.NetChangeIndicator != null &&
            $Object.hasOwnProperty.call(message, "NetChangeIndicator") &&
            message.NetChangeIndicator !== 0
          )
            writer.uint32(176).uint32(message.NetChangeIndicator);
          if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i]);
          return writer;
        };

        IndexData.decode = (reader, length, _end, _depth, _target) => {
          if (!(reader instanceof $Reader)) reader = $Reader.create(reader);
          if (_depth === $undefined) _depth = 0;
          if (_depth > $Reader.recursionLimit) throw $Error("max depth exceeded");
          let end, message, value;
          if (length === $undefined) end = reader.len;
          else {
            end = reader.pos + length;
            if (end > reader.len) throw $RangeError("index out of range");
            length = reader.len;
            reader.len = end;
          }
          message = _target || new $root.tickwire.marketdata.v1.IndexData();
          while (reader.pos < end) {
            const start = reader.pos;
            let tag = reader.tag();
            if (tag === _end) {
              _end = $undefined;
              break;
            }
            const wireType = tag & 7;
            switch ((tag >>>= 3)) {
              case 10: {
                if (wireType !== 0) break;
                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                  message.InstrumentID = value;
                else delete message.InstrumentID;
                continue;
              }
              case 11: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.ExchangeSegment = value;
                else delete message.ExchangeSegment;
                continue;
              }
              case 12: {
                if (wireType !== 0) break;
                if ((value = reader.uint32())) message.ExchangeInstrumentID = value;
                else delete message.ExchangeInstrumentID;
                continue;
              }
              case 13: {
                if (wireType !== 2) break;
                if ((value = reader.stringVerify()).length) message.IndexName = value;
                else delete message.IndexName;
                continue;
              }
              case 14: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.TimeStamp = value;
                else delete message.TimeStamp;
                continue;
              }
              case 15: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.Last = value;
                else delete message.Last;
                continue;
              }
              case 16: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.Open = value;
                else delete message.Open;
                continue;
              }
              case 17: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.High = value;
                else delete message.High;
                continue;
              }
              case 18: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.Low = value;
                else delete message.Low;
                continue;
              }
              case 19: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.Close = value;
                else delete message.Close;
                continue;
              }
              case 20: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.YearlyHigh = value;
                else delete message.YearlyHigh;
                continue;
              }
              case 21: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.YearlyLow = value;
                else delete message.YearlyLow;
                continue;
              }
              case 22: {
                if (wireType !== 0) break;
                if ((value = reader.uint32())) message.NetChangeIndicator = value;
                else delete message.NetChangeIndicator;
                continue;
              }
            }
            reader.skipType(wireType, _depth, tag);
            if (!reader.discardUnknown) {
              $util.makeProp(message, "$unknowns", false);
              (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
            }
          }
          if (length !== $undefined) {
            if (reader.pos !== end) throw $RangeError("index out of range");
            reader.len = length;
          }
          if (_end !== $undefined) throw $Error("missing end group");
          return message;
        };

        return IndexData;
      })();

      v1.IndexDataMessage = (() => {
        const IndexDataMessage = function (properties) {
          if (properties)
            for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
              if (properties[keys[i]] != null && keys[i] !== "__proto__") this[keys[i]] = properties[keys[i]];
        };

        IndexDataMessage.prototype.IndexData = null;

        IndexDataMessage.create = (properties) => new IndexDataMessage(properties);

        IndexDataMessage.encode = (message, writer, _depth) => {
          if (!writer) writer = $Writer.create();
          if (_depth === $undefined) _depth = 0;
          if (_depth > $util.recursionLimit) throw $Error("max depth exceeded");
          if (message.IndexData != null && $Object.hasOwnProperty.call(message, "IndexData"))
            $root.tickwire.marketdata.v1.IndexData.encode(
              message.IndexData,
              writer.uint32(10).fork(),
              _depth + 1,
            ).ldelim();
          if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i]);
          return writer;
        };

        IndexDataMessage.decode = (reader, length, _end, _depth, _target) => {
          if (!(reader instanceof $Reader)) reader = $Reader.create(reader);
          if (_depth === $undefined) _depth = 0;
          if (_depth > $Reader.recursionLimit) throw $Error("max depth exceeded");
          let end, message, value;
          if (length === $undefined) end = reader.len;
          else {
            end = reader.pos + length;
            if (end > reader.len) throw $RangeError("index out of range");
            length = reader.len;
            reader.len = end;
          }
          message = _target || new $root.tickwire.marketdata.v1.IndexDataMessage();
          while (reader.pos < end) {
            const start = reader.pos;
            let tag = reader.tag();
            if (tag === _end) {
              _end = $undefined;
              break;
            }
            const wireType = tag & 7;
            switch ((tag >>>= 3)) {
              case 1: {
                if (wireType !== 2) break;
                message.IndexData = $root.tickwire.marketdata.v1.IndexData.decode(
                  reader,
                  reader.size(),
                  $undefined,
                  _depth + 1,
                  message.IndexData,
                );
                continue;
              }
            }
            reader.skipType(wireType, _depth, tag);
            if (!reader.discardUnknown) {
              $util.makeProp(message, "$unknowns", false);
              (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
            }
          }
          if (length !== $undefined) {
            if (reader.pos !== end) throw $RangeError("index out of range");
            reader.len = length;
          }
          if (_end !== $undefined) throw $Error("missing end group");
          return message;
        };

        return IndexDataMessage;
      })();

      v1.IndexDataListMessage = (() => {
        const IndexDataListMessage = function (properties) {
          this.IndexDataList = [];
          if (properties)
            for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
              if (properties[keys[i]] != null && keys[i] !== "__proto__") this[keys[i]] = properties[keys[i]];
        };

        IndexDataListMessage.prototype.IndexDataList = $util.emptyArray;

        IndexDataListMessage.create = (properties) => new IndexDataListMessage(properties);

        IndexDataListMessage.encode = (message, writer, _depth) => {
          if (!writer) writer = $Writer.create();
          if (_depth === $undefined) _depth = 0;
          if (_depth > $util.recursionLimit) throw $Error("max depth exceeded");
          if (message.IndexDataList != null && message.IndexDataList.length)
            for (let i = 0; i < message.IndexDataList.length; ++i)
              $root.tickwire.marketdata.v1.IndexData.encode(
                message.IndexDataList[i],
                writer.uint32(3210).fork(),
                _depth + 1,
              ).ldelim();
          if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i]);
          return writer;
        };

        IndexDataListMessage.decode = (reader, length, _end, _depth, _target) => {
          if (!(reader instanceof $Reader)) reader = $Reader.create(reader);
          if (_depth === $undefined) _depth = 0;
          if (_depth > $Reader.recursionLimit) throw $Error("max depth exceeded");
          let end, message;
          if (length === $undefined) end = reader.len;
          else {
            end = reader.pos + length;
            if (end > reader.len) throw $RangeError("index out of range");
            length = reader.len;
            reader.len = end;
          }
          message = _target || new $root.tickwire.marketdata.v1.IndexDataListMessage();
          while (reader.pos < end) {
            const start = reader.pos;
            let tag = reader.tag();
            if (tag === _end) {
              _end = $undefined;
              break;
            }
            const wireType = tag & 7;
            switch ((tag >>>= 3)) {
              case 401: {
                if (wireType !== 2) break;
                if (!(message.IndexDataList && message.IndexDataList.length)) message.IndexDataList = [];
                message.IndexDataList.push(
                  $root.tickwire.marketdata.v1.IndexData.decode(reader, reader.size(), $undefined, _depth + 1),
                );
                continue;
              }
            }
            reader.skipType(wireType, _depth, tag);
            if (!reader.discardUnknown) {
              $util.makeProp(message, "$unknowns", false);
              (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
            }
          }
          if (length !== $undefined) {
            if (reader.pos !== end) throw $RangeError("index out of range");
            reader.len = length;
          }
          if (_end !== $undefined) throw $Error("missing end group");
          return message;
        };

        return IndexDataListMessage;
      })();

      v1.IncrementalUpdateMessage = (() => {
        const IncrementalUpdateMessage = function (properties) {
          this.MDEntriesList = [];
          if (properties)
            for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
              if (properties[keys[i]] != null && keys[i] !== "__proto__") this[keys[i]] = properties[keys[i]];
        };

        IncrementalUpdateMessage.prototype.MDEntriesList = $util.emptyArray;

        IncrementalUpdateMessage.create = (properties) => new IncrementalUpdateMessage(properties);

        IncrementalUpdateMessage.encode = (message, writer, _depth) => {
          if (!writer) writer = $Writer.create();
          if (_depth === $undefined) _depth = 0;
          if (_depth > $util.recursionLimit) throw $Error("max depth exceeded");
          if (message.MDEntriesList != null && message.MDEntriesList.length)
            for (let i = 0; i < message.MDEntriesList.length; ++i)
              $root.tickwire.marketdata.v1.MDEntries.encode(
                message.MDEntriesList[i],
                writer.uint32(90).fork(),
                _depth + 1,
              ).ldelim();
          if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i]);
          return writer;
        };

        IncrementalUpdateMessage.decode = (reader, length, _end, _depth, _target) => {
          if (!(reader instanceof $Reader)) reader = $Reader.create(reader);
          if (_depth === $undefined) _depth = 0;
          if (_depth > $Reader.recursionLimit) throw $Error("max depth exceeded");
          let end, message;
          if (length === $undefined) end = reader.len;
          else {
            end = reader.pos + length;
            if (end > reader.len) throw $RangeError("index out of range");
            length = reader.len;
            reader.len = end;
          }
          message = _target || new $root.tickwire.marketdata.v1.IncrementalUpdateMessage();
          while (reader.pos < end) {
            const start = reader.pos;
            let tag = reader.tag();
            if (tag === _end) {
              _end = $undefined;
              break;
            }
            const wireType = tag & 7;
            switch ((tag >>>= 3)) {
              case 11: {
                if (wireType !== 2) break;
                if (!(message.MDEntriesList && message.MDEntriesList.length)) message.MDEntriesList = [];
                message.MDEntriesList.push(
                  $root.tickwire.marketdata.v1.MDEntries.decode(reader, reader.size(), $undefined, _depth + 1),
                );
                continue;
              }
            }
            reader.skipType(wireType, _depth, tag);
            if (!reader.discardUnknown) {
              $util.makeProp(message, "$unknowns", false);
              (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
            }
          }
          if (length !== $undefined) {
            if (reader.pos !== end) throw $RangeError("index out of range");
            reader.len = length;
          }
          if (_end !== $undefined) throw $Error("missing end group");
          return message;
        };

        return IncrementalUpdateMessage;
      })();

      v1.MDEntries = (() => {
        const MDEntries = function (properties) {
          if (properties)
            for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
              if (properties[keys[i]] != null && keys[i] !== "__proto__") this[keys[i]] = properties[keys[i]];
        };

        MDEntries.prototype.MDUpdateAction = 0;
        MDEntries.prototype.MDEntryType = 0;
        MDEntries.prototype.InstrumentID = $util.Long ? $util.Long.fromBits(0, 0, true) : 0;
        MDEntries.prototype.ExchangeSegment = 0;
        MDEntries.prototype.ExchangeInstrumentID = 0;
        MDEntries.prototype.InstrumentName = "";
        MDEntries.prototype.MDEntryPrice = 0;
        MDEntries.prototype.MDEntrySize = 0;
        MDEntries.prototype.MDEntryTime = 0;
        MDEntries.prototype.MDEntryPosition = 0;
        MDEntries.prototype.OI = $util.Long ? $util.Long.fromBits(0, 0, false) : 0;

        MDEntries.create = (properties) => new MDEntries(properties);

        MDEntries.encode = (message, writer, _depth) => {
          if (!writer) writer = $Writer.create();
          if (_depth === $undefined) _depth = 0;
          if (_depth > $util.recursionLimit) throw $Error("max depth exceeded");
          if (
            message.MDUpdateAction != null &&
            $Object.hasOwnProperty.call(message, "MDUpdateAction") &&
            message.MDUpdateAction !== 0
          )
            writer.uint32(8).int32(message.MDUpdateAction);
          if (
            message.MDEntryType != null &&
            $Object.hasOwnProperty.call(message, "MDEntryType") &&
            message.MDEntryType !== 0
          )
            writer.uint32(16).int32(message.MDEntryType);
          if (
            message.InstrumentID != null &&
            $Object.hasOwnProperty.call(message, "InstrumentID") &&
            (typeof message.InstrumentID === "object"
              ? message.InstrumentID.low || message.InstrumentID.high
              : message.InstrumentID !== 0)
          )
            writer.uint32(24).uint64(message.InstrumentID);
          if (
            message.ExchangeSegment != null &&
            $Object.hasOwnProperty.call(message, "ExchangeSegment") &&
            message.ExchangeSegment !== 0
          )
            writer.uint32(32).int32(message.ExchangeSegment);
          if (
            message.ExchangeInstrumentID != null &&
            $Object.hasOwnProperty.call(message, "ExchangeInstrumentID") &&
            message.ExchangeInstrumentID !== 0
          )
            writer.uint32(40).uint32(message.ExchangeInstrumentID);
          if (
            message.InstrumentName != null &&
            $Object.hasOwnProperty.call(message, "InstrumentName") &&
            message.InstrumentName !== ""
          )
            writer.uint32(50).string(message.InstrumentName);
          if (
            message.MDEntryPrice != null &&
            $Object.hasOwnProperty.call(message, "MDEntryPrice") &&
            !$Object.is(message.MDEntryPrice, 0)
          )
            writer.uint32(57).double(message.MDEntryPrice);
          if (
            message.MDEntrySize != null &&
            $Object.hasOwnProperty.call(message, "MDEntrySize") &&
            message.MDEntrySize !== 0
          )
            writer.uint32(64).int32(message.MDEntrySize);
          if (
            message.MDEntryTime != null &&
            $Object.hasOwnProperty.call(message, "MDEntryTime") &&
            message.MDEntryTime !== 0
          )
            writer.uint32(72).int32(message.MDEntryTime);
          if (
            message.MDEntryPosition != null &&
            $Object.hasOwnProperty.call(message, "MDEntryPosition") &&
            message.MDEntryPosition !== 0
          )
            writer.uint32(80).int32(message.MDEntryPosition);
          if (
            message.OI != null &&
            $Object.hasOwnProperty.call(message, "OI") &&
            (typeof message.OI === "object" ? message.OI.low || message.OI.high : message.OI !== 0)
          )
            writer.uint32(88).int64(message.OI);
          if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i]);
          return writer;
        };

        MDEntries.decode = (reader, length, _end, _depth, _target) => {
          if (!(reader instanceof $Reader)) reader = $Reader.create(reader);
          if (_depth === $undefined) _depth = 0;
          if (_depth > $Reader.recursionLimit) throw $Error("max depth exceeded");
          let end, message, value;
          if (length === $undefined) end = reader.len;
          else {
            end = reader.pos + length;
            if (end > reader.len) throw $RangeError("index out of range");
            length = reader.len;
            reader.len = end;
          }
          message = _target || new $root.tickwire.marketdata.v1.MDEntries();
          while (reader.pos < end) {
            const start = reader.pos;
            let tag = reader.tag();
            if (tag === _end) {
              _end = $undefined;
              break;
            }
            const wireType = tag & 7;
            switch ((tag >>>= 3)) {
              case 1: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.MDUpdateAction = value;
                else delete message.MDUpdateAction;
                continue;
              }
              case 2: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.MDEntryType = value;
                else delete message.MDEntryType;
                continue;
              }
              case 3: {
                if (wireType !== 0) break;
                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                  message.InstrumentID = value;
                else delete message.InstrumentID;
                continue;
              }
              case 4: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.ExchangeSegment = value;
                else delete message.ExchangeSegment;
                continue;
              }
              case 5: {
                if (wireType !== 0) break;
                if ((value = reader.uint32())) message.ExchangeInstrumentID = value;
                else delete message.ExchangeInstrumentID;
                continue;
              }
              case 6: {
                if (wireType !== 2) break;
                if ((value = reader.stringVerify()).length) message.InstrumentName = value;
                else delete message.InstrumentName;
                continue;
              }
              case 7: {
                if (wireType !== 1) break;
                if (!$Object.is((value = reader.double()), 0)) message.MDEntryPrice = value;
                else delete message.MDEntryPrice;
                continue;
              }
              case 8: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.MDEntrySize = value;
                else delete message.MDEntrySize;
                continue;
              }
              case 9: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.MDEntryTime = value;
                else delete message.MDEntryTime;
                continue;
              }
              case 10: {
                if (wireType !== 0) break;
                if ((value = reader.int32())) message.MDEntryPosition = value;
                else delete message.MDEntryPosition;
                continue;
              }
              case 11: {
                if (wireType !== 0) break;
                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                  message.OI = value;
                else delete message.OI;
                continue;
              }
            }
            reader.skipType(wireType, _depth, tag);
            if (!reader.discardUnknown) {
              $util.makeProp(message, "$unknowns", false);
              (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
            }
          }
          if (length !== $undefined) {
            if (reader.pos !== end) throw $RangeError("index out of range");
            reader.len = length;
          }
          if (_end !== $undefined) throw $Error("missing end group");
          return message;
        };

        return MDEntries;
      })();

      return v1;
    })();

    return marketdata;
  })();

  return tickwire;
})());

export { $root as default };
