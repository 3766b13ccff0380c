/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "protobufjs/minimal.js";

const $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
const $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError;

const $root = $protobuf.roots["tickwire_bench_orders"] || ($protobuf.roots["tickwire_bench_orders"] = {});

export const tickwire = $root.tickwire = (() => {

    const tickwire = {};

    tickwire.orders = (function() {

        const orders = {};

        orders.v1 = (function() {

            const v1 = {};

            v1.Side = (function() {
                const valuesById = $Object.create(null), values = $Object.create(valuesById);
                values[valuesById[0] = "SIDE_UNSPECIFIED"] = 0;
                values[valuesById[1] = "SIDE_BUY"] = 1;
                values[valuesById[2] = "SIDE_SELL"] = 2;
                return values;
            })();

            v1.OrderType = (function() {
                const valuesById = $Object.create(null), values = $Object.create(valuesById);
                values[valuesById[0] = "ORDER_TYPE_UNSPECIFIED"] = 0;
                values[valuesById[1] = "ORDER_TYPE_LIMIT"] = 1;
                values[valuesById[2] = "ORDER_TYPE_MARKET"] = 2;
                values[valuesById[3] = "ORDER_TYPE_STOP"] = 3;
                return values;
            })();

            v1.Scalars = (function() {

                const Scalars = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Scalars.prototype.fDouble = 0;
                Scalars.prototype.fFloat = 0;
                Scalars.prototype.fInt32 = 0;
                Scalars.prototype.fInt64 = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                Scalars.prototype.fUint32 = 0;
                Scalars.prototype.fUint64 = $util.Long ? $util.Long.fromBits(0,0,true) : 0;
                Scalars.prototype.fSint32 = 0;
                Scalars.prototype.fSint64 = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                Scalars.prototype.fFixed32 = 0;
                Scalars.prototype.fFixed64 = $util.Long ? $util.Long.fromBits(0,0,true) : 0;
                Scalars.prototype.fSfixed32 = 0;
                Scalars.prototype.fSfixed64 = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                Scalars.prototype.fBool = false;
                Scalars.prototype.fString = "";
                Scalars.prototype.fBytes = $util.newBuffer([]);
                Scalars.prototype.fEnum = 0;

                Scalars.create = function(properties) {
                    return new Scalars(properties);
                };

                Scalars.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.fDouble != null && $Object.hasOwnProperty.call(message, "fDouble") && !$Object.is(message.fDouble, 0))
                        writer.uint32(9).double(message.fDouble);
                    if (message.fFloat != null && $Object.hasOwnProperty.call(message, "fFloat") && !$Object.is(message.fFloat, 0))
                        writer.uint32(21).float(message.fFloat);
                    if (message.fInt32 != null && $Object.hasOwnProperty.call(message, "fInt32") && message.fInt32 !== 0)
                        writer.uint32(24).int32(message.fInt32);
                    if (message.fInt64 != null && $Object.hasOwnProperty.call(message, "fInt64") && (typeof message.fInt64 === "object" ? message.fInt64.low || message.fInt64.high : message.fInt64 !== 0))
                        writer.uint32(32).int64(message.fInt64);
                    if (message.fUint32 != null && $Object.hasOwnProperty.call(message, "fUint32") && message.fUint32 !== 0)
                        writer.uint32(40).uint32(message.fUint32);
                    if (message.fUint64 != null && $Object.hasOwnProperty.call(message, "fUint64") && (typeof message.fUint64 === "object" ? message.fUint64.low || message.fUint64.high : message.fUint64 !== 0))
                        writer.uint32(48).uint64(message.fUint64);
                    if (message.fSint32 != null && $Object.hasOwnProperty.call(message, "fSint32") && message.fSint32 !== 0)
                        writer.uint32(56).sint32(message.fSint32);
                    if (message.fSint64 != null && $Object.hasOwnProperty.call(message, "fSint64") && (typeof message.fSint64 === "object" ? message.fSint64.low || message.fSint64.high : message.fSint64 !== 0))
                        writer.uint32(64).sint64(message.fSint64);
                    if (message.fFixed32 != null && $Object.hasOwnProperty.call(message, "fFixed32") && message.fFixed32 !== 0)
                        writer.uint32(77).fixed32(message.fFixed32);
                    if (message.fFixed64 != null && $Object.hasOwnProperty.call(message, "fFixed64") && (typeof message.fFixed64 === "object" ? message.fFixed64.low || message.fFixed64.high : message.fFixed64 !== 0))
                        writer.uint32(81).fixed64(message.fFixed64);
                    if (message.fSfixed32 != null && $Object.hasOwnProperty.call(message, "fSfixed32") && message.fSfixed32 !== 0)
                        writer.uint32(93).sfixed32(message.fSfixed32);
                    if (message.fSfixed64 != null && $Object.hasOwnProperty.call(message, "fSfixed64") && (typeof message.fSfixed64 === "object" ? message.fSfixed64.low || message.fSfixed64.high : message.fSfixed64 !== 0))
                        writer.uint32(97).sfixed64(message.fSfixed64);
                    if (message.fBool != null && $Object.hasOwnProperty.call(message, "fBool") && message.fBool !== false)
                        writer.uint32(104).bool(message.fBool);
                    if (message.fString != null && $Object.hasOwnProperty.call(message, "fString") && message.fString !== "")
                        writer.uint32(114).string(message.fString);
                    if (message.fBytes != null && $Object.hasOwnProperty.call(message, "fBytes") && message.fBytes.length)
                        writer.uint32(122).bytes(message.fBytes);
                    if (message.fEnum != null && $Object.hasOwnProperty.call(message, "fEnum") && message.fEnum !== 0)
                        writer.uint32(128).int32(message.fEnum);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Scalars.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.tickwire.orders.v1.Scalars();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 1)
                                    break;
                                if (!$Object.is(value = reader.double(), 0))
                                    message.fDouble = value;
                                else
                                    delete message.fDouble;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 5)
                                    break;
                                if (!$Object.is(value = reader.float(), 0))
                                    message.fFloat = value;
                                else
                                    delete message.fFloat;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.fInt32 = value;
                                else
                                    delete message.fInt32;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.fInt64 = value;
                                else
                                    delete message.fInt64;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.fUint32 = value;
                                else
                                    delete message.fUint32;
                                continue;
                            }
                        case 6: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.fUint64 = value;
                                else
                                    delete message.fUint64;
                                continue;
                            }
                        case 7: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.sint32())
                                    message.fSint32 = value;
                                else
                                    delete message.fSint32;
                                continue;
                            }
                        case 8: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.sint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.fSint64 = value;
                                else
                                    delete message.fSint64;
                                continue;
                            }
                        case 9: {
                                if (wireType !== 5)
                                    break;
                                if (value = reader.fixed32())
                                    message.fFixed32 = value;
                                else
                                    delete message.fFixed32;
                                continue;
                            }
                        case 10: {
                                if (wireType !== 1)
                                    break;
                                if (typeof (value = reader.fixed64()) === "object" ? value.low || value.high : value !== 0)
                                    message.fFixed64 = value;
                                else
                                    delete message.fFixed64;
                                continue;
                            }
                        case 11: {
                                if (wireType !== 5)
                                    break;
                                if (value = reader.sfixed32())
                                    message.fSfixed32 = value;
                                else
                                    delete message.fSfixed32;
                                continue;
                            }
                        case 12: {
                                if (wireType !== 1)
                                    break;
                                if (typeof (value = reader.sfixed64()) === "object" ? value.low || value.high : value !== 0)
                                    message.fSfixed64 = value;
                                else
                                    delete message.fSfixed64;
                                continue;
                            }
                        case 13: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.fBool = value;
                                else
                                    delete message.fBool;
                                continue;
                            }
                        case 14: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.fString = value;
                                else
                                    delete message.fString;
                                continue;
                            }
                        case 15: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.bytes()).length)
                                    message.fBytes = value;
                                else
                                    delete message.fBytes;
                                continue;
                            }
                        case 16: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.fEnum = value;
                                else
                                    delete message.fEnum;
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
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                return Scalars;
            })();

            v1.OptionalScalars = (function() {

                const OptionalScalars = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                OptionalScalars.prototype.fDouble = null;
                OptionalScalars.prototype.fFloat = null;
                OptionalScalars.prototype.fInt32 = null;
                OptionalScalars.prototype.fInt64 = null;
                OptionalScalars.prototype.fUint32 = null;
                OptionalScalars.prototype.fUint64 = null;
                OptionalScalars.prototype.fSint32 = null;
                OptionalScalars.prototype.fSint64 = null;
                OptionalScalars.prototype.fFixed32 = null;
                OptionalScalars.prototype.fFixed64 = null;
                OptionalScalars.prototype.fSfixed32 = null;
                OptionalScalars.prototype.fSfixed64 = null;
                OptionalScalars.prototype.fBool = null;
                OptionalScalars.prototype.fString = null;
                OptionalScalars.prototype.fBytes = null;
                OptionalScalars.prototype.fEnum = null;
                OptionalScalars.prototype.fMessage = null;

                let $oneOfFields;

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fDouble", {
                    get: $util.oneOfGetter($oneOfFields = ["fDouble"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fFloat", {
                    get: $util.oneOfGetter($oneOfFields = ["fFloat"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fInt32", {
                    get: $util.oneOfGetter($oneOfFields = ["fInt32"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fInt64", {
                    get: $util.oneOfGetter($oneOfFields = ["fInt64"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fUint32", {
                    get: $util.oneOfGetter($oneOfFields = ["fUint32"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fUint64", {
                    get: $util.oneOfGetter($oneOfFields = ["fUint64"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fSint32", {
                    get: $util.oneOfGetter($oneOfFields = ["fSint32"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fSint64", {
                    get: $util.oneOfGetter($oneOfFields = ["fSint64"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fFixed32", {
                    get: $util.oneOfGetter($oneOfFields = ["fFixed32"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fFixed64", {
                    get: $util.oneOfGetter($oneOfFields = ["fFixed64"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fSfixed32", {
                    get: $util.oneOfGetter($oneOfFields = ["fSfixed32"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fSfixed64", {
                    get: $util.oneOfGetter($oneOfFields = ["fSfixed64"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fBool", {
                    get: $util.oneOfGetter($oneOfFields = ["fBool"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fString", {
                    get: $util.oneOfGetter($oneOfFields = ["fString"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fBytes", {
                    get: $util.oneOfGetter($oneOfFields = ["fBytes"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fEnum", {
                    get: $util.oneOfGetter($oneOfFields = ["fEnum"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(OptionalScalars.prototype, "_fMessage", {
                    get: $util.oneOfGetter($oneOfFields = ["fMessage"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                OptionalScalars.create = function(properties) {
                    return new OptionalScalars(properties);
                };

                OptionalScalars.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.fDouble != null && $Object.hasOwnProperty.call(message, "fDouble"))
                        writer.uint32(9).double(message.fDouble);
                    if (message.fFloat != null && $Object.hasOwnProperty.call(message, "fFloat"))
                        writer.uint32(21).float(message.fFloat);
                    if (message.fInt32 != null && $Object.hasOwnProperty.call(message, "fInt32"))
                        writer.uint32(24).int32(message.fInt32);
                    if (message.fInt64 != null && $Object.hasOwnProperty.call(message, "fInt64"))
                        writer.uint32(32).int64(message.fInt64);
                    if (message.fUint32 != null && $Object.hasOwnProperty.call(message, "fUint32"))
                        writer.uint32(40).uint32(message.fUint32);
                    if (message.fUint64 != null && $Object.hasOwnProperty.call(message, "fUint64"))
                        writer.uint32(48).uint64(message.fUint64);
                    if (message.fSint32 != null && $Object.hasOwnProperty.call(message, "fSint32"))
                        writer.uint32(56).sint32(message.fSint32);
                    if (message.fSint64 != null && $Object.hasOwnProperty.call(message, "fSint64"))
                        writer.uint32(64).sint64(message.fSint64);
                    if (message.fFixed32 != null && $Object.hasOwnProperty.call(message, "fFixed32"))
                        writer.uint32(77).fixed32(message.fFixed32);
                    if (message.fFixed64 != null && $Object.hasOwnProperty.call(message, "fFixed64"))
                        writer.uint32(81).fixed64(message.fFixed64);
                    if (message.fSfixed32 != null && $Object.hasOwnProperty.call(message, "fSfixed32"))
                        writer.uint32(93).sfixed32(message.fSfixed32);
                    if (message.fSfixed64 != null && $Object.hasOwnProperty.call(message, "fSfixed64"))
                        writer.uint32(97).sfixed64(message.fSfixed64);
                    if (message.fBool != null && $Object.hasOwnProperty.call(message, "fBool"))
                        writer.uint32(104).bool(message.fBool);
                    if (message.fString != null && $Object.hasOwnProperty.call(message, "fString"))
                        writer.uint32(114).string(message.fString);
                    if (message.fBytes != null && $Object.hasOwnProperty.call(message, "fBytes"))
                        writer.uint32(122).bytes(message.fBytes);
                    if (message.fEnum != null && $Object.hasOwnProperty.call(message, "fEnum"))
                        writer.uint32(128).int32(message.fEnum);
                    if (message.fMessage != null && $Object.hasOwnProperty.call(message, "fMessage"))
                        $root.tickwire.orders.v1.Instrument.encode(message.fMessage, writer.uint32(138).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                OptionalScalars.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.tickwire.orders.v1.OptionalScalars();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 1)
                                    break;
                                message.fDouble = reader.double();
                                message._fDouble = "fDouble";
                                continue;
                            }
                        case 2: {
                                if (wireType !== 5)
                                    break;
                                message.fFloat = reader.float();
                                message._fFloat = "fFloat";
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                message.fInt32 = reader.int32();
                                message._fInt32 = "fInt32";
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                message.fInt64 = reader.int64();
                                message._fInt64 = "fInt64";
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                message.fUint32 = reader.uint32();
                                message._fUint32 = "fUint32";
                                continue;
                            }
                        case 6: {
                                if (wireType !== 0)
                                    break;
                                message.fUint64 = reader.uint64();
                                message._fUint64 = "fUint64";
                                continue;
                            }
                        case 7: {
                                if (wireType !== 0)
                                    break;
                                message.fSint32 = reader.sint32();
                                message._fSint32 = "fSint32";
                                continue;
                            }
                        case 8: {
                                if (wireType !== 0)
                                    break;
                                message.fSint64 = reader.sint64();
                                message._fSint64 = "fSint64";
                                continue;
                            }
                        case 9: {
                                if (wireType !== 5)
                                    break;
                                message.fFixed32 = reader.fixed32();
                                message._fFixed32 = "fFixed32";
                                continue;
                            }
                        case 10: {
                                if (wireType !== 1)
                                    break;
                                message.fFixed64 = reader.fixed64();
                                message._fFixed64 = "fFixed64";
                                continue;
                            }
                        case 11: {
                                if (wireType !== 5)
                                    break;
                                message.fSfixed32 = reader.sfixed32();
                                message._fSfixed32 = "fSfixed32";
                                continue;
                            }
                        case 12: {
                                if (wireType !== 1)
                                    break;
                                message.fSfixed64 = reader.sfixed64();
                                message._fSfixed64 = "fSfixed64";
                                continue;
                            }
                        case 13: {
                                if (wireType !== 0)
                                    break;
                                message.fBool = reader.bool();
                                message._fBool = "fBool";
                                continue;
                            }
                        case 14: {
                                if (wireType !== 2)
                                    break;
                                message.fString = reader.stringVerify();
                                message._fString = "fString";
                                continue;
                            }
                        case 15: {
                                if (wireType !== 2)
                                    break;
                                message.fBytes = reader.bytes();
                                message._fBytes = "fBytes";
                                continue;
                            }
                        case 16: {
                                if (wireType !== 0)
                                    break;
                                message.fEnum = reader.int32();
                                message._fEnum = "fEnum";
                                continue;
                            }
                        case 17: {
                                if (wireType !== 2)
                                    break;
                                message.fMessage = $root.tickwire.orders.v1.Instrument.decode(reader, reader.size(), $undefined, _depth + 1, message.fMessage);
                                message._fMessage = "fMessage";
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
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                return OptionalScalars;
            })();

            v1.RepeatedScalars = (function() {

                const RepeatedScalars = function (properties) {
                    this.fDouble = [];
                    this.fFloat = [];
                    this.fInt32 = [];
                    this.fInt64 = [];
                    this.fUint32 = [];
                    this.fUint64 = [];
                    this.fSint32 = [];
                    this.fSint64 = [];
                    this.fFixed32 = [];
                    this.fFixed64 = [];
                    this.fSfixed32 = [];
                    this.fSfixed64 = [];
                    this.fBool = [];
                    this.fString = [];
                    this.fBytes = [];
                    this.fEnum = [];
                    this.unpackedInt32 = [];
                    this.unpackedDouble = [];
                    this.unpackedSint64 = [];
                    this.unpackedEnum = [];
                    this.unpackedFixed32 = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                RepeatedScalars.prototype.fDouble = $util.emptyArray;
                RepeatedScalars.prototype.fFloat = $util.emptyArray;
                RepeatedScalars.prototype.fInt32 = $util.emptyArray;
                RepeatedScalars.prototype.fInt64 = $util.emptyArray;
                RepeatedScalars.prototype.fUint32 = $util.emptyArray;
                RepeatedScalars.prototype.fUint64 = $util.emptyArray;
                RepeatedScalars.prototype.fSint32 = $util.emptyArray;
                RepeatedScalars.prototype.fSint64 = $util.emptyArray;
                RepeatedScalars.prototype.fFixed32 = $util.emptyArray;
                RepeatedScalars.prototype.fFixed64 = $util.emptyArray;
                RepeatedScalars.prototype.fSfixed32 = $util.emptyArray;
                RepeatedScalars.prototype.fSfixed64 = $util.emptyArray;
                RepeatedScalars.prototype.fBool = $util.emptyArray;
                RepeatedScalars.prototype.fString = $util.emptyArray;
                RepeatedScalars.prototype.fBytes = $util.emptyArray;
                RepeatedScalars.prototype.fEnum = $util.emptyArray;
                RepeatedScalars.prototype.unpackedInt32 = $util.emptyArray;
                RepeatedScalars.prototype.unpackedDouble = $util.emptyArray;
                RepeatedScalars.prototype.unpackedSint64 = $util.emptyArray;
                RepeatedScalars.prototype.unpackedEnum = $util.emptyArray;
                RepeatedScalars.prototype.unpackedFixed32 = $util.emptyArray;

                RepeatedScalars.create = function(properties) {
                    return new RepeatedScalars(properties);
                };

                RepeatedScalars.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.fDouble != null && message.fDouble.length)
                        writer.uint32(10).doubles(message.fDouble);
                    if (message.fFloat != null && message.fFloat.length)
                        writer.uint32(18).floats(message.fFloat);
                    if (message.fInt32 != null && message.fInt32.length)
                        writer.uint32(26).int32s(message.fInt32);
                    if (message.fInt64 != null && message.fInt64.length)
                        writer.uint32(34).int64s(message.fInt64);
                    if (message.fUint32 != null && message.fUint32.length)
                        writer.uint32(42).uint32s(message.fUint32);
                    if (message.fUint64 != null && message.fUint64.length)
                        writer.uint32(50).uint64s(message.fUint64);
                    if (message.fSint32 != null && message.fSint32.length)
                        writer.uint32(58).sint32s(message.fSint32);
                    if (message.fSint64 != null && message.fSint64.length)
                        writer.uint32(66).sint64s(message.fSint64);
                    if (message.fFixed32 != null && message.fFixed32.length)
                        writer.uint32(74).fixed32s(message.fFixed32);
                    if (message.fFixed64 != null && message.fFixed64.length)
                        writer.uint32(82).fixed64s(message.fFixed64);
                    if (message.fSfixed32 != null && message.fSfixed32.length)
                        writer.uint32(90).sfixed32s(message.fSfixed32);
                    if (message.fSfixed64 != null && message.fSfixed64.length)
                        writer.uint32(98).sfixed64s(message.fSfixed64);
                    if (message.fBool != null && message.fBool.length)
                        writer.uint32(106).bools(message.fBool);
                    if (message.fString != null && message.fString.length)
                        for (let i = 0; i < message.fString.length; ++i)
                            writer.uint32(114).string(message.fString[i]);
                    if (message.fBytes != null && message.fBytes.length)
                        for (let i = 0; i < message.fBytes.length; ++i)
                            writer.uint32(122).bytes(message.fBytes[i]);
                    if (message.fEnum != null && message.fEnum.length)
                        writer.uint32(130).int32s(message.fEnum);
                    if (message.unpackedInt32 != null && message.unpackedInt32.length)
                        for (let i = 0; i < message.unpackedInt32.length; ++i)
                            writer.uint32(136).int32(message.unpackedInt32[i]);
                    if (message.unpackedDouble != null && message.unpackedDouble.length)
                        for (let i = 0; i < message.unpackedDouble.length; ++i)
                            writer.uint32(145).double(message.unpackedDouble[i]);
                    if (message.unpackedSint64 != null && message.unpackedSint64.length)
                        for (let i = 0; i < message.unpackedSint64.length; ++i)
                            writer.uint32(152).sint64(message.unpackedSint64[i]);
                    if (message.unpackedEnum != null && message.unpackedEnum.length)
                        for (let i = 0; i < message.unpackedEnum.length; ++i)
                            writer.uint32(160).int32(message.unpackedEnum[i]);
                    if (message.unpackedFixed32 != null && message.unpackedFixed32.length)
                        for (let i = 0; i < message.unpackedFixed32.length; ++i)
                            writer.uint32(173).fixed32(message.unpackedFixed32[i]);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                RepeatedScalars.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.tickwire.orders.v1.RepeatedScalars();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType === 2) {
                                    if (!(message.fDouble && message.fDouble.length))
                                        message.fDouble = [];
                                    reader.doubles(message.fDouble);
                                    continue;
                                }
                                if (wireType !== 1)
                                    break;
                                if (!(message.fDouble && message.fDouble.length))
                                    message.fDouble = [];
                                message.fDouble.push(reader.double());
                                continue;
                            }
                        case 2: {
                                if (wireType === 2) {
                                    if (!(message.fFloat && message.fFloat.length))
                                        message.fFloat = [];
                                    reader.floats(message.fFloat);
                                    continue;
                                }
                                if (wireType !== 5)
                                    break;
                                if (!(message.fFloat && message.fFloat.length))
                                    message.fFloat = [];
                                message.fFloat.push(reader.float());
                                continue;
                            }
                        case 3: {
                                if (wireType === 2) {
                                    if (!(message.fInt32 && message.fInt32.length))
                                        message.fInt32 = [];
                                    reader.int32s(message.fInt32);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.fInt32 && message.fInt32.length))
                                    message.fInt32 = [];
                                message.fInt32.push(reader.int32());
                                continue;
                            }
                        case 4: {
                                if (wireType === 2) {
                                    if (!(message.fInt64 && message.fInt64.length))
                                        message.fInt64 = [];
                                    reader.int64s(message.fInt64);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.fInt64 && message.fInt64.length))
                                    message.fInt64 = [];
                                message.fInt64.push(reader.int64());
                                continue;
                            }
                        case 5: {
                                if (wireType === 2) {
                                    if (!(message.fUint32 && message.fUint32.length))
                                        message.fUint32 = [];
                                    reader.uint32s(message.fUint32);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.fUint32 && message.fUint32.length))
                                    message.fUint32 = [];
                                message.fUint32.push(reader.uint32());
                                continue;
                            }
                        case 6: {
                                if (wireType === 2) {
                                    if (!(message.fUint64 && message.fUint64.length))
                                        message.fUint64 = [];
                                    reader.uint64s(message.fUint64);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.fUint64 && message.fUint64.length))
                                    message.fUint64 = [];
                                message.fUint64.push(reader.uint64());
                                continue;
                            }
                        case 7: {
                                if (wireType === 2) {
                                    if (!(message.fSint32 && message.fSint32.length))
                                        message.fSint32 = [];
                                    reader.sint32s(message.fSint32);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.fSint32 && message.fSint32.length))
                                    message.fSint32 = [];
                                message.fSint32.push(reader.sint32());
                                continue;
                            }
                        case 8: {
                                if (wireType === 2) {
                                    if (!(message.fSint64 && message.fSint64.length))
                                        message.fSint64 = [];
                                    reader.sint64s(message.fSint64);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.fSint64 && message.fSint64.length))
                                    message.fSint64 = [];
                                message.fSint64.push(reader.sint64());
                                continue;
                            }
                        case 9: {
                                if (wireType === 2) {
                                    if (!(message.fFixed32 && message.fFixed32.length))
                                        message.fFixed32 = [];
                                    reader.fixed32s(message.fFixed32);
                                    continue;
                                }
                                if (wireType !== 5)
                                    break;
                                if (!(message.fFixed32 && message.fFixed32.length))
                                    message.fFixed32 = [];
                                message.fFixed32.push(reader.fixed32());
                                continue;
                            }
                        case 10: {
                                if (wireType === 2) {
                                    if (!(message.fFixed64 && message.fFixed64.length))
                                        message.fFixed64 = [];
                                    reader.fixed64s(message.fFixed64);
                                    continue;
                                }
                                if (wireType !== 1)
                                    break;
                                if (!(message.fFixed64 && message.fFixed64.length))
                                    message.fFixed64 = [];
                                message.fFixed64.push(reader.fixed64());
                                continue;
                            }
                        case 11: {
                                if (wireType === 2) {
                                    if (!(message.fSfixed32 && message.fSfixed32.length))
                                        message.fSfixed32 = [];
                                    reader.sfixed32s(message.fSfixed32);
                                    continue;
                                }
                                if (wireType !== 5)
                                    break;
                                if (!(message.fSfixed32 && message.fSfixed32.length))
                                    message.fSfixed32 = [];
                                message.fSfixed32.push(reader.sfixed32());
                                continue;
                            }
                        case 12: {
                                if (wireType === 2) {
                                    if (!(message.fSfixed64 && message.fSfixed64.length))
                                        message.fSfixed64 = [];
                                    reader.sfixed64s(message.fSfixed64);
                                    continue;
                                }
                                if (wireType !== 1)
                                    break;
                                if (!(message.fSfixed64 && message.fSfixed64.length))
                                    message.fSfixed64 = [];
                                message.fSfixed64.push(reader.sfixed64());
                                continue;
                            }
                        case 13: {
                                if (wireType === 2) {
                                    if (!(message.fBool && message.fBool.length))
                                        message.fBool = [];
                                    reader.bools(message.fBool);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.fBool && message.fBool.length))
                                    message.fBool = [];
                                message.fBool.push(reader.bool());
                                continue;
                            }
                        case 14: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.fString && message.fString.length))
                                    message.fString = [];
                                message.fString.push(reader.stringVerify());
                                continue;
                            }
                        case 15: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.fBytes && message.fBytes.length))
                                    message.fBytes = [];
                                message.fBytes.push(reader.bytes());
                                continue;
                            }
                        case 16: {
                                if (wireType === 2) {
                                    if (!(message.fEnum && message.fEnum.length))
                                        message.fEnum = [];
                                    reader.int32s(message.fEnum);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.fEnum && message.fEnum.length))
                                    message.fEnum = [];
                                message.fEnum.push(reader.int32());
                                continue;
                            }
                        case 17: {
                                if (wireType === 2) {
                                    if (!(message.unpackedInt32 && message.unpackedInt32.length))
                                        message.unpackedInt32 = [];
                                    reader.int32s(message.unpackedInt32);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.unpackedInt32 && message.unpackedInt32.length))
                                    message.unpackedInt32 = [];
                                message.unpackedInt32.push(reader.int32());
                                continue;
                            }
                        case 18: {
                                if (wireType === 2) {
                                    if (!(message.unpackedDouble && message.unpackedDouble.length))
                                        message.unpackedDouble = [];
                                    reader.doubles(message.unpackedDouble);
                                    continue;
                                }
                                if (wireType !== 1)
                                    break;
                                if (!(message.unpackedDouble && message.unpackedDouble.length))
                                    message.unpackedDouble = [];
                                message.unpackedDouble.push(reader.double());
                                continue;
                            }
                        case 19: {
                                if (wireType === 2) {
                                    if (!(message.unpackedSint64 && message.unpackedSint64.length))
                                        message.unpackedSint64 = [];
                                    reader.sint64s(message.unpackedSint64);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.unpackedSint64 && message.unpackedSint64.length))
                                    message.unpackedSint64 = [];
                                message.unpackedSint64.push(reader.sint64());
                                continue;
                            }
                        case 20: {
                                if (wireType === 2) {
                                    if (!(message.unpackedEnum && message.unpackedEnum.length))
                                        message.unpackedEnum = [];
                                    reader.int32s(message.unpackedEnum);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.unpackedEnum && message.unpackedEnum.length))
                                    message.unpackedEnum = [];
                                message.unpackedEnum.push(reader.int32());
                                continue;
                            }
                        case 21: {
                                if (wireType === 2) {
                                    if (!(message.unpackedFixed32 && message.unpackedFixed32.length))
                                        message.unpackedFixed32 = [];
                                    reader.fixed32s(message.unpackedFixed32);
                                    continue;
                                }
                                if (wireType !== 5)
                                    break;
                                if (!(message.unpackedFixed32 && message.unpackedFixed32.length))
                                    message.unpackedFixed32 = [];
                                message.unpackedFixed32.push(reader.fixed32());
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
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                return RepeatedScalars;
            })();

            v1.Maps = (function() {

                const Maps = function (properties) {
                    this.stringString = {};
                    this.int32Int64 = {};
                    this.int64Enum = {};
                    this.uint32Message = {};
                    this.uint64Bytes = {};
                    this.sint32Double = {};
                    this.sint64Float = {};
                    this.fixed32Bool = {};
                    this.fixed64String = {};
                    this.sfixed32Uint32 = {};
                    this.sfixed64Message = {};
                    this.boolString = {};
                    this.stringMessage = {};
                    this.stringSint64 = {};
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Maps.prototype.stringString = $util.emptyObject;
                Maps.prototype.int32Int64 = $util.emptyObject;
                Maps.prototype.int64Enum = $util.emptyObject;
                Maps.prototype.uint32Message = $util.emptyObject;
                Maps.prototype.uint64Bytes = $util.emptyObject;
                Maps.prototype.sint32Double = $util.emptyObject;
                Maps.prototype.sint64Float = $util.emptyObject;
                Maps.prototype.fixed32Bool = $util.emptyObject;
                Maps.prototype.fixed64String = $util.emptyObject;
                Maps.prototype.sfixed32Uint32 = $util.emptyObject;
                Maps.prototype.sfixed64Message = $util.emptyObject;
                Maps.prototype.boolString = $util.emptyObject;
                Maps.prototype.stringMessage = $util.emptyObject;
                Maps.prototype.stringSint64 = $util.emptyObject;

                Maps.create = function(properties) {
                    return new Maps(properties);
                };

                Maps.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.stringString != null && $Object.hasOwnProperty.call(message, "stringString"))
                        for (let keys = $Object.keys(message.stringString), i = 0; i < keys.length; ++i)
                            writer.uint32(10).fork().uint32(10).string(keys[i]).uint32(18).string(message.stringString[keys[i]]).ldelim();
                    if (message.int32Int64 != null && $Object.hasOwnProperty.call(message, "int32Int64"))
                        for (let keys = $Object.keys(message.int32Int64), i = 0; i < keys.length; ++i)
                            writer.uint32(18).fork().uint32(8).int32(keys[i]).uint32(16).int64(message.int32Int64[keys[i]]).ldelim();
                    if (message.int64Enum != null && $Object.hasOwnProperty.call(message, "int64Enum"))
                        for (let keys = $Object.keys(message.int64Enum), i = 0; i < keys.length; ++i)
                            writer.uint32(26).fork().uint32(8).int64($util.longFromKey(keys[i], false)).uint32(16).int32(message.int64Enum[keys[i]]).ldelim();
                    if (message.uint32Message != null && $Object.hasOwnProperty.call(message, "uint32Message"))
                        for (let keys = $Object.keys(message.uint32Message), i = 0; i < keys.length; ++i) {
                            writer.uint32(34).fork().uint32(8).uint32(keys[i]);
                            $root.tickwire.orders.v1.Instrument.encode(message.uint32Message[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
                        }
                    if (message.uint64Bytes != null && $Object.hasOwnProperty.call(message, "uint64Bytes"))
                        for (let keys = $Object.keys(message.uint64Bytes), i = 0; i < keys.length; ++i)
                            writer.uint32(42).fork().uint32(8).uint64($util.longFromKey(keys[i], true)).uint32(18).bytes(message.uint64Bytes[keys[i]]).ldelim();
                    if (message.sint32Double != null && $Object.hasOwnProperty.call(message, "sint32Double"))
                        for (let keys = $Object.keys(message.sint32Double), i = 0; i < keys.length; ++i)
                            writer.uint32(50).fork().uint32(8).sint32(keys[i]).uint32(17).double(message.sint32Double[keys[i]]).ldelim();
                    if (message.sint64Float != null && $Object.hasOwnProperty.call(message, "sint64Float"))
                        for (let keys = $Object.keys(message.sint64Float), i = 0; i < keys.length; ++i)
                            writer.uint32(58).fork().uint32(8).sint64($util.longFromKey(keys[i], false)).uint32(21).float(message.sint64Float[keys[i]]).ldelim();
                    if (message.fixed32Bool != null && $Object.hasOwnProperty.call(message, "fixed32Bool"))
                        for (let keys = $Object.keys(message.fixed32Bool), i = 0; i < keys.length; ++i)
                            writer.uint32(66).fork().uint32(13).fixed32(keys[i]).uint32(16).bool(message.fixed32Bool[keys[i]]).ldelim();
                    if (message.fixed64String != null && $Object.hasOwnProperty.call(message, "fixed64String"))
                        for (let keys = $Object.keys(message.fixed64String), i = 0; i < keys.length; ++i)
                            writer.uint32(74).fork().uint32(9).fixed64($util.longFromKey(keys[i], true)).uint32(18).string(message.fixed64String[keys[i]]).ldelim();
                    if (message.sfixed32Uint32 != null && $Object.hasOwnProperty.call(message, "sfixed32Uint32"))
                        for (let keys = $Object.keys(message.sfixed32Uint32), i = 0; i < keys.length; ++i)
                            writer.uint32(82).fork().uint32(13).sfixed32(keys[i]).uint32(16).uint32(message.sfixed32Uint32[keys[i]]).ldelim();
                    if (message.sfixed64Message != null && $Object.hasOwnProperty.call(message, "sfixed64Message"))
                        for (let keys = $Object.keys(message.sfixed64Message), i = 0; i < keys.length; ++i) {
                            writer.uint32(90).fork().uint32(9).sfixed64($util.longFromKey(keys[i], false));
                            $root.tickwire.orders.v1.Instrument.encode(message.sfixed64Message[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
                        }
                    if (message.boolString != null && $Object.hasOwnProperty.call(message, "boolString"))
                        for (let keys = $Object.keys(message.boolString), i = 0; i < keys.length; ++i)
                            writer.uint32(98).fork().uint32(8).bool($util.boolFromKey(keys[i])).uint32(18).string(message.boolString[keys[i]]).ldelim();
                    if (message.stringMessage != null && $Object.hasOwnProperty.call(message, "stringMessage"))
                        for (let keys = $Object.keys(message.stringMessage), i = 0; i < keys.length; ++i) {
                            writer.uint32(106).fork().uint32(10).string(keys[i]);
                            $root.tickwire.orders.v1.Instrument.encode(message.stringMessage[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
                        }
                    if (message.stringSint64 != null && $Object.hasOwnProperty.call(message, "stringSint64"))
                        for (let keys = $Object.keys(message.stringSint64), i = 0; i < keys.length; ++i)
                            writer.uint32(114).fork().uint32(10).string(keys[i]).uint32(16).sint64(message.stringSint64[keys[i]]).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Maps.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, key, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.tickwire.orders.v1.Maps();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (message.stringString === $util.emptyObject)
                                    message.stringString = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = "";
                                value = "";
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 2)
                                            break;
                                        key = reader.stringVerify();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = reader.stringVerify();
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.stringString, key);
                                message.stringString[key] = value;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if (message.int32Int64 === $util.emptyObject)
                                    message.int32Int64 = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = 0;
                                value = $util.Long ? $util.Long.fromNumber(0, false) : 0;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 0)
                                            break;
                                        key = reader.int32();
                                        continue;
                                    case 2:
                                        if (wireType !== 0)
                                            break;
                                        value = reader.int64();
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                message.int32Int64[key] = value;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if (message.int64Enum === $util.emptyObject)
                                    message.int64Enum = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = 0;
                                value = 0;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 0)
                                            break;
                                        key = reader.int64();
                                        continue;
                                    case 2:
                                        if (wireType !== 0)
                                            break;
                                        value = reader.int32();
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                message.int64Enum[typeof key === "object" ? $util.longToHash(key) : key] = value;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if (message.uint32Message === $util.emptyObject)
                                    message.uint32Message = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = 0;
                                value = null;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 0)
                                            break;
                                        key = reader.uint32();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = $root.tickwire.orders.v1.Instrument.decode(reader, reader.size(), $undefined, _depth + 1, value);
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                message.uint32Message[key] = value || new $root.tickwire.orders.v1.Instrument();
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                if (message.uint64Bytes === $util.emptyObject)
                                    message.uint64Bytes = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = 0;
                                value = [];
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 0)
                                            break;
                                        key = reader.uint64();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = reader.bytes();
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                message.uint64Bytes[typeof key === "object" ? $util.longToHash(key) : key] = value;
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                if (message.sint32Double === $util.emptyObject)
                                    message.sint32Double = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = 0;
                                value = 0;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 0)
                                            break;
                                        key = reader.sint32();
                                        continue;
                                    case 2:
                                        if (wireType !== 1)
                                            break;
                                        value = reader.double();
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                message.sint32Double[key] = value;
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                if (message.sint64Float === $util.emptyObject)
                                    message.sint64Float = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = 0;
                                value = 0;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 0)
                                            break;
                                        key = reader.sint64();
                                        continue;
                                    case 2:
                                        if (wireType !== 5)
                                            break;
                                        value = reader.float();
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                message.sint64Float[typeof key === "object" ? $util.longToHash(key) : key] = value;
                                continue;
                            }
                        case 8: {
                                if (wireType !== 2)
                                    break;
                                if (message.fixed32Bool === $util.emptyObject)
                                    message.fixed32Bool = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = 0;
                                value = false;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 5)
                                            break;
                                        key = reader.fixed32();
                                        continue;
                                    case 2:
                                        if (wireType !== 0)
                                            break;
                                        value = reader.bool();
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                message.fixed32Bool[key] = value;
                                continue;
                            }
                        case 9: {
                                if (wireType !== 2)
                                    break;
                                if (message.fixed64String === $util.emptyObject)
                                    message.fixed64String = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = 0;
                                value = "";
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 1)
                                            break;
                                        key = reader.fixed64();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = reader.stringVerify();
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                message.fixed64String[typeof key === "object" ? $util.longToHash(key) : key] = value;
                                continue;
                            }
                        case 10: {
                                if (wireType !== 2)
                                    break;
                                if (message.sfixed32Uint32 === $util.emptyObject)
                                    message.sfixed32Uint32 = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = 0;
                                value = 0;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 5)
                                            break;
                                        key = reader.sfixed32();
                                        continue;
                                    case 2:
                                        if (wireType !== 0)
                                            break;
                                        value = reader.uint32();
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                message.sfixed32Uint32[key] = value;
                                continue;
                            }
                        case 11: {
                                if (wireType !== 2)
                                    break;
                                if (message.sfixed64Message === $util.emptyObject)
                                    message.sfixed64Message = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = 0;
                                value = null;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 1)
                                            break;
                                        key = reader.sfixed64();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = $root.tickwire.orders.v1.Instrument.decode(reader, reader.size(), $undefined, _depth + 1, value);
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                message.sfixed64Message[typeof key === "object" ? $util.longToHash(key) : key] = value || new $root.tickwire.orders.v1.Instrument();
                                continue;
                            }
                        case 12: {
                                if (wireType !== 2)
                                    break;
                                if (message.boolString === $util.emptyObject)
                                    message.boolString = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = false;
                                value = "";
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 0)
                                            break;
                                        key = reader.bool();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = reader.stringVerify();
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                message.boolString[key] = value;
                                continue;
                            }
                        case 13: {
                                if (wireType !== 2)
                                    break;
                                if (message.stringMessage === $util.emptyObject)
                                    message.stringMessage = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = "";
                                value = null;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 2)
                                            break;
                                        key = reader.stringVerify();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = $root.tickwire.orders.v1.Instrument.decode(reader, reader.size(), $undefined, _depth + 1, value);
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.stringMessage, key);
                                message.stringMessage[key] = value || new $root.tickwire.orders.v1.Instrument();
                                continue;
                            }
                        case 14: {
                                if (wireType !== 2)
                                    break;
                                if (message.stringSint64 === $util.emptyObject)
                                    message.stringSint64 = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = "";
                                value = $util.Long ? $util.Long.fromNumber(0, false) : 0;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 2)
                                            break;
                                        key = reader.stringVerify();
                                        continue;
                                    case 2:
                                        if (wireType !== 0)
                                            break;
                                        value = reader.sint64();
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.stringSint64, key);
                                message.stringSint64[key] = value;
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
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                return Maps;
            })();

            v1.Instrument = (function() {

                const Instrument = function (properties) {
                    this.attributes = {};
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Instrument.prototype.symbol = "";
                Instrument.prototype.exchange = "";
                Instrument.prototype.instrumentId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                Instrument.prototype.tickSize = 0;
                Instrument.prototype.listedAt = null;
                Instrument.prototype.attributes = $util.emptyObject;
                Instrument.prototype.underlying = null;

                Instrument.create = function(properties) {
                    return new Instrument(properties);
                };

                Instrument.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.symbol != null && $Object.hasOwnProperty.call(message, "symbol") && message.symbol !== "")
                        writer.uint32(10).string(message.symbol);
                    if (message.exchange != null && $Object.hasOwnProperty.call(message, "exchange") && message.exchange !== "")
                        writer.uint32(18).string(message.exchange);
                    if (message.instrumentId != null && $Object.hasOwnProperty.call(message, "instrumentId") && (typeof message.instrumentId === "object" ? message.instrumentId.low || message.instrumentId.high : message.instrumentId !== 0))
                        writer.uint32(24).int64(message.instrumentId);
                    if (message.tickSize != null && $Object.hasOwnProperty.call(message, "tickSize") && !$Object.is(message.tickSize, 0))
                        writer.uint32(33).double(message.tickSize);
                    if (message.listedAt != null && $Object.hasOwnProperty.call(message, "listedAt"))
                        $root.google.protobuf.Timestamp.encode(message.listedAt, writer.uint32(42).fork(), _depth + 1).ldelim();
                    if (message.attributes != null && $Object.hasOwnProperty.call(message, "attributes"))
                        for (let keys = $Object.keys(message.attributes), i = 0; i < keys.length; ++i)
                            writer.uint32(50).fork().uint32(10).string(keys[i]).uint32(18).string(message.attributes[keys[i]]).ldelim();
                    if (message.underlying != null && $Object.hasOwnProperty.call(message, "underlying"))
                        $root.tickwire.orders.v1.Underlying.encode(message.underlying, writer.uint32(58).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Instrument.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, key, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.tickwire.orders.v1.Instrument();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.symbol = value;
                                else
                                    delete message.symbol;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.exchange = value;
                                else
                                    delete message.exchange;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.instrumentId = value;
                                else
                                    delete message.instrumentId;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 1)
                                    break;
                                if (!$Object.is(value = reader.double(), 0))
                                    message.tickSize = value;
                                else
                                    delete message.tickSize;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                message.listedAt = $root.google.protobuf.Timestamp.decode(reader, reader.size(), $undefined, _depth + 1, message.listedAt);
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                if (message.attributes === $util.emptyObject)
                                    message.attributes = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = "";
                                value = "";
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 2)
                                            break;
                                        key = reader.stringVerify();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = reader.stringVerify();
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.attributes, key);
                                message.attributes[key] = value;
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                message.underlying = $root.tickwire.orders.v1.Underlying.decode(reader, reader.size(), $undefined, _depth + 1, message.underlying);
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
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                return Instrument;
            })();

            v1.Underlying = (function() {

                const Underlying = function (properties) {
                    this.basket = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Underlying.prototype.instrument = null;
                Underlying.prototype.basket = $util.emptyArray;
                Underlying.prototype.weight = 0;

                Underlying.create = function(properties) {
                    return new Underlying(properties);
                };

                Underlying.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.instrument != null && $Object.hasOwnProperty.call(message, "instrument"))
                        $root.tickwire.orders.v1.Instrument.encode(message.instrument, writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.basket != null && message.basket.length)
                        for (let i = 0; i < message.basket.length; ++i)
                            $root.tickwire.orders.v1.Underlying.encode(message.basket[i], writer.uint32(18).fork(), _depth + 1).ldelim();
                    if (message.weight != null && $Object.hasOwnProperty.call(message, "weight") && !$Object.is(message.weight, 0))
                        writer.uint32(25).double(message.weight);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Underlying.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.tickwire.orders.v1.Underlying();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                message.instrument = $root.tickwire.orders.v1.Instrument.decode(reader, reader.size(), $undefined, _depth + 1, message.instrument);
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.basket && message.basket.length))
                                    message.basket = [];
                                message.basket.push($root.tickwire.orders.v1.Underlying.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 3: {
                                if (wireType !== 1)
                                    break;
                                if (!$Object.is(value = reader.double(), 0))
                                    message.weight = value;
                                else
                                    delete message.weight;
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
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                return Underlying;
            })();

            v1.Order = (function() {

                const Order = function (properties) {
                    this.legs = [];
                    this.legsByName = {};
                    this.children = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Order.prototype.clientOrderId = "";
                Order.prototype.side = 0;
                Order.prototype.type = 0;
                Order.prototype.instrument = null;
                Order.prototype.quantity = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                Order.prototype.price = 0;
                Order.prototype.stopPrice = null;
                Order.prototype.day = null;
                Order.prototype.goodTill = null;
                Order.prototype.goodFor = null;
                Order.prototype.session = null;
                Order.prototype.legRule = null;
                Order.prototype.legs = $util.emptyArray;
                Order.prototype.maxShow = null;
                Order.prototype.note = null;
                Order.prototype.legsByName = $util.emptyObject;
                Order.prototype.parent = null;
                Order.prototype.children = $util.emptyArray;
                Order.prototype.signature = $util.newBuffer([]);
                Order.prototype.account = $util.Long ? $util.Long.fromBits(0,0,true) : 0;
                Order.prototype.farField = 0;

                let $oneOfFields;

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(Order.prototype, "_stopPrice", {
                    get: $util.oneOfGetter($oneOfFields = ["stopPrice"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                $Object.defineProperty(Order.prototype, "timeInForce", {
                    get: $util.oneOfGetter($oneOfFields = ["day", "goodTill", "goodFor", "session", "legRule"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                Order.create = function(properties) {
                    return new Order(properties);
                };

                Order.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.clientOrderId != null && $Object.hasOwnProperty.call(message, "clientOrderId") && message.clientOrderId !== "")
                        writer.uint32(10).string(message.clientOrderId);
                    if (message.side != null && $Object.hasOwnProperty.call(message, "side") && message.side !== 0)
                        writer.uint32(16).int32(message.side);
                    if (message.type != null && $Object.hasOwnProperty.call(message, "type") && message.type !== 0)
                        writer.uint32(24).int32(message.type);
                    if (message.instrument != null && $Object.hasOwnProperty.call(message, "instrument"))
                        $root.tickwire.orders.v1.Instrument.encode(message.instrument, writer.uint32(34).fork(), _depth + 1).ldelim();
                    if (message.quantity != null && $Object.hasOwnProperty.call(message, "quantity") && (typeof message.quantity === "object" ? message.quantity.low || message.quantity.high : message.quantity !== 0))
                        writer.uint32(40).int64(message.quantity);
                    if (message.price != null && $Object.hasOwnProperty.call(message, "price") && !$Object.is(message.price, 0))
                        writer.uint32(49).double(message.price);
                    if (message.stopPrice != null && $Object.hasOwnProperty.call(message, "stopPrice"))
                        writer.uint32(57).double(message.stopPrice);
                    if (message.day != null && $Object.hasOwnProperty.call(message, "day"))
                        writer.uint32(64).bool(message.day);
                    if (message.goodTill != null && $Object.hasOwnProperty.call(message, "goodTill"))
                        $root.google.protobuf.Timestamp.encode(message.goodTill, writer.uint32(74).fork(), _depth + 1).ldelim();
                    if (message.goodFor != null && $Object.hasOwnProperty.call(message, "goodFor"))
                        $root.google.protobuf.Duration.encode(message.goodFor, writer.uint32(82).fork(), _depth + 1).ldelim();
                    if (message.session != null && $Object.hasOwnProperty.call(message, "session"))
                        writer.uint32(90).string(message.session);
                    if (message.legs != null && message.legs.length)
                        for (let i = 0; i < message.legs.length; ++i)
                            $root.tickwire.orders.v1.Order.Leg.encode(message.legs[i], writer.uint32(98).fork(), _depth + 1).ldelim();
                    if (message.maxShow != null && $Object.hasOwnProperty.call(message, "maxShow"))
                        $root.google.protobuf.Int64Value.encode(message.maxShow, writer.uint32(106).fork(), _depth + 1).ldelim();
                    if (message.note != null && $Object.hasOwnProperty.call(message, "note"))
                        $root.google.protobuf.StringValue.encode(message.note, writer.uint32(114).fork(), _depth + 1).ldelim();
                    if (message.legsByName != null && $Object.hasOwnProperty.call(message, "legsByName"))
                        for (let keys = $Object.keys(message.legsByName), i = 0; i < keys.length; ++i) {
                            writer.uint32(122).fork().uint32(10).string(keys[i]);
                            $root.tickwire.orders.v1.Order.Leg.encode(message.legsByName[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
                        }
                    if (message.parent != null && $Object.hasOwnProperty.call(message, "parent"))
                        $root.tickwire.orders.v1.Order.encode(message.parent, writer.uint32(130).fork(), _depth + 1).ldelim();
                    if (message.children != null && message.children.length)
                        for (let i = 0; i < message.children.length; ++i)
                            $root.tickwire.orders.v1.Order.encode(message.children[i], writer.uint32(138).fork(), _depth + 1).ldelim();
                    if (message.signature != null && $Object.hasOwnProperty.call(message, "signature") && message.signature.length)
                        writer.uint32(146).bytes(message.signature);
                    if (message.legRule != null && $Object.hasOwnProperty.call(message, "legRule"))
                        $root.tickwire.orders.v1.Order.Leg.encode(message.legRule, writer.uint32(162).fork(), _depth + 1).ldelim();
                    if (message.account != null && $Object.hasOwnProperty.call(message, "account") && (typeof message.account === "object" ? message.account.low || message.account.high : message.account !== 0))
                        writer.uint32(16376).uint64(message.account);
                    if (message.farField != null && $Object.hasOwnProperty.call(message, "farField") && message.farField !== 0)
                        writer.uint32(800000).sint32(message.farField);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Order.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, key, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.tickwire.orders.v1.Order();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.clientOrderId = value;
                                else
                                    delete message.clientOrderId;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.side = value;
                                else
                                    delete message.side;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.type = value;
                                else
                                    delete message.type;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                message.instrument = $root.tickwire.orders.v1.Instrument.decode(reader, reader.size(), $undefined, _depth + 1, message.instrument);
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.quantity = value;
                                else
                                    delete message.quantity;
                                continue;
                            }
                        case 6: {
                                if (wireType !== 1)
                                    break;
                                if (!$Object.is(value = reader.double(), 0))
                                    message.price = value;
                                else
                                    delete message.price;
                                continue;
                            }
                        case 7: {
                                if (wireType !== 1)
                                    break;
                                message.stopPrice = reader.double();
                                message._stopPrice = "stopPrice";
                                continue;
                            }
                        case 8: {
                                if (wireType !== 0)
                                    break;
                                message.day = reader.bool();
                                message.timeInForce = "day";
                                continue;
                            }
                        case 9: {
                                if (wireType !== 2)
                                    break;
                                message.goodTill = $root.google.protobuf.Timestamp.decode(reader, reader.size(), $undefined, _depth + 1, message.goodTill);
                                message.timeInForce = "goodTill";
                                continue;
                            }
                        case 10: {
                                if (wireType !== 2)
                                    break;
                                message.goodFor = $root.google.protobuf.Duration.decode(reader, reader.size(), $undefined, _depth + 1, message.goodFor);
                                message.timeInForce = "goodFor";
                                continue;
                            }
                        case 11: {
                                if (wireType !== 2)
                                    break;
                                message.session = reader.stringVerify();
                                message.timeInForce = "session";
                                continue;
                            }
                        case 20: {
                                if (wireType !== 2)
                                    break;
                                message.legRule = $root.tickwire.orders.v1.Order.Leg.decode(reader, reader.size(), $undefined, _depth + 1, message.legRule);
                                message.timeInForce = "legRule";
                                continue;
                            }
                        case 12: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.legs && message.legs.length))
                                    message.legs = [];
                                message.legs.push($root.tickwire.orders.v1.Order.Leg.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 13: {
                                if (wireType !== 2)
                                    break;
                                message.maxShow = $root.google.protobuf.Int64Value.decode(reader, reader.size(), $undefined, _depth + 1, message.maxShow);
                                continue;
                            }
                        case 14: {
                                if (wireType !== 2)
                                    break;
                                message.note = $root.google.protobuf.StringValue.decode(reader, reader.size(), $undefined, _depth + 1, message.note);
                                continue;
                            }
                        case 15: {
                                if (wireType !== 2)
                                    break;
                                if (message.legsByName === $util.emptyObject)
                                    message.legsByName = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = "";
                                value = null;
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 2)
                                            break;
                                        key = reader.stringVerify();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = $root.tickwire.orders.v1.Order.Leg.decode(reader, reader.size(), $undefined, _depth + 1, value);
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.legsByName, key);
                                message.legsByName[key] = value || new $root.tickwire.orders.v1.Order.Leg();
                                continue;
                            }
                        case 16: {
                                if (wireType !== 2)
                                    break;
                                message.parent = $root.tickwire.orders.v1.Order.decode(reader, reader.size(), $undefined, _depth + 1, message.parent);
                                continue;
                            }
                        case 17: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.children && message.children.length))
                                    message.children = [];
                                message.children.push($root.tickwire.orders.v1.Order.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 18: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.bytes()).length)
                                    message.signature = value;
                                else
                                    delete message.signature;
                                continue;
                            }
                        case 2047: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.account = value;
                                else
                                    delete message.account;
                                continue;
                            }
                        case 100000: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.sint32())
                                    message.farField = value;
                                else
                                    delete message.farField;
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
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                Order.Leg = (function() {

                    const Leg = function (properties) {
                        if (properties)
                            for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                                if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                    this[keys[i]] = properties[keys[i]];
                    };

                    Leg.prototype.instrument = null;
                    Leg.prototype.side = 0;
                    Leg.prototype.ratio = 0;

                    Leg.create = function(properties) {
                        return new Leg(properties);
                    };

                    Leg.encode = function (message, writer, _depth) {
                        if (!writer)
                            writer = $Writer.create();
                        if (_depth === $undefined)
                            _depth = 0;
                        if (_depth > $util.recursionLimit)
                            throw $Error("max depth exceeded");
                        if (message.instrument != null && $Object.hasOwnProperty.call(message, "instrument"))
                            $root.tickwire.orders.v1.Instrument.encode(message.instrument, writer.uint32(10).fork(), _depth + 1).ldelim();
                        if (message.side != null && $Object.hasOwnProperty.call(message, "side") && message.side !== 0)
                            writer.uint32(16).int32(message.side);
                        if (message.ratio != null && $Object.hasOwnProperty.call(message, "ratio") && message.ratio !== 0)
                            writer.uint32(24).uint32(message.ratio);
                        if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                            for (let i = 0; i < message.$unknowns.length; ++i)
                                writer.raw(message.$unknowns[i]);
                        return writer;
                    };

                    Leg.decode = function (reader, length, _end, _depth, _target) {
                        if (!(reader instanceof $Reader))
                            reader = $Reader.create(reader);
                        if (_depth === $undefined)
                            _depth = 0;
                        if (_depth > $Reader.recursionLimit)
                            throw $Error("max depth exceeded");
                        let end, message, value;
                        if (length === $undefined)
                            end = reader.len;
                        else {
                            end = reader.pos + length;
                            if (end > reader.len)
                                throw $RangeError("index out of range");
                            length = reader.len;
                            reader.len = end;
                        }
                        message = _target || new $root.tickwire.orders.v1.Order.Leg();
                        while (reader.pos < end) {
                            let start = reader.pos;
                            let tag = reader.tag();
                            if (tag === _end) {
                                _end = $undefined;
                                break;
                            }
                            let wireType = tag & 7;
                            switch (tag >>>= 3) {
                            case 1: {
                                    if (wireType !== 2)
                                        break;
                                    message.instrument = $root.tickwire.orders.v1.Instrument.decode(reader, reader.size(), $undefined, _depth + 1, message.instrument);
                                    continue;
                                }
                            case 2: {
                                    if (wireType !== 0)
                                        break;
                                    if (value = reader.int32())
                                        message.side = value;
                                    else
                                        delete message.side;
                                    continue;
                                }
                            case 3: {
                                    if (wireType !== 0)
                                        break;
                                    if (value = reader.uint32())
                                        message.ratio = value;
                                    else
                                        delete message.ratio;
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
                            if (reader.pos !== end)
                                throw $RangeError("index out of range");
                            reader.len = length;
                        }
                        if (_end !== $undefined)
                            throw $Error("missing end group");
                        return message;
                    };

                    return Leg;
                })();

                return Order;
            })();

            return v1;
        })();

        return orders;
    })();

    return tickwire;
})();

export const google = $root.google = (() => {

    const google = {};

    google.protobuf = (function() {

        const protobuf = {};

        protobuf.Duration = (function() {

            const Duration = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            Duration.prototype.seconds = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
            Duration.prototype.nanos = 0;

            Duration.create = function(properties) {
                return new Duration(properties);
            };

            Duration.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.seconds != null && $Object.hasOwnProperty.call(message, "seconds") && (typeof message.seconds === "object" ? message.seconds.low || message.seconds.high : message.seconds !== 0))
                    writer.uint32(8).int64(message.seconds);
                if (message.nanos != null && $Object.hasOwnProperty.call(message, "nanos") && message.nanos !== 0)
                    writer.uint32(16).int32(message.nanos);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            Duration.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.google.protobuf.Duration();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                message.seconds = value;
                            else
                                delete message.seconds;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.nanos = value;
                            else
                                delete message.nanos;
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
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Duration;
        })();

        protobuf.Timestamp = (function() {

            const Timestamp = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            Timestamp.prototype.seconds = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
            Timestamp.prototype.nanos = 0;

            Timestamp.create = function(properties) {
                return new Timestamp(properties);
            };

            Timestamp.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.seconds != null && $Object.hasOwnProperty.call(message, "seconds") && (typeof message.seconds === "object" ? message.seconds.low || message.seconds.high : message.seconds !== 0))
                    writer.uint32(8).int64(message.seconds);
                if (message.nanos != null && $Object.hasOwnProperty.call(message, "nanos") && message.nanos !== 0)
                    writer.uint32(16).int32(message.nanos);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            Timestamp.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.google.protobuf.Timestamp();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                message.seconds = value;
                            else
                                delete message.seconds;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.nanos = value;
                            else
                                delete message.nanos;
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
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Timestamp;
        })();

        protobuf.DoubleValue = (function() {

            const DoubleValue = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            DoubleValue.prototype.value = 0;

            DoubleValue.create = function(properties) {
                return new DoubleValue(properties);
            };

            DoubleValue.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.value != null && $Object.hasOwnProperty.call(message, "value") && !$Object.is(message.value, 0))
                    writer.uint32(9).double(message.value);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            DoubleValue.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.google.protobuf.DoubleValue();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 1)
                                break;
                            if (!$Object.is(value = reader.double(), 0))
                                message.value = value;
                            else
                                delete message.value;
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
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return DoubleValue;
        })();

        protobuf.FloatValue = (function() {

            const FloatValue = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            FloatValue.prototype.value = 0;

            FloatValue.create = function(properties) {
                return new FloatValue(properties);
            };

            FloatValue.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.value != null && $Object.hasOwnProperty.call(message, "value") && !$Object.is(message.value, 0))
                    writer.uint32(13).float(message.value);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            FloatValue.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.google.protobuf.FloatValue();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.value = value;
                            else
                                delete message.value;
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
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return FloatValue;
        })();

        protobuf.Int64Value = (function() {

            const Int64Value = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            Int64Value.prototype.value = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

            Int64Value.create = function(properties) {
                return new Int64Value(properties);
            };

            Int64Value.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.value != null && $Object.hasOwnProperty.call(message, "value") && (typeof message.value === "object" ? message.value.low || message.value.high : message.value !== 0))
                    writer.uint32(8).int64(message.value);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            Int64Value.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.google.protobuf.Int64Value();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                message.value = value;
                            else
                                delete message.value;
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
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Int64Value;
        })();

        protobuf.UInt64Value = (function() {

            const UInt64Value = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            UInt64Value.prototype.value = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            UInt64Value.create = function(properties) {
                return new UInt64Value(properties);
            };

            UInt64Value.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.value != null && $Object.hasOwnProperty.call(message, "value") && (typeof message.value === "object" ? message.value.low || message.value.high : message.value !== 0))
                    writer.uint32(8).uint64(message.value);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            UInt64Value.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.google.protobuf.UInt64Value();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.value = value;
                            else
                                delete message.value;
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
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return UInt64Value;
        })();

        protobuf.Int32Value = (function() {

            const Int32Value = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            Int32Value.prototype.value = 0;

            Int32Value.create = function(properties) {
                return new Int32Value(properties);
            };

            Int32Value.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.value != null && $Object.hasOwnProperty.call(message, "value") && message.value !== 0)
                    writer.uint32(8).int32(message.value);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            Int32Value.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.google.protobuf.Int32Value();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.value = value;
                            else
                                delete message.value;
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
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Int32Value;
        })();

        protobuf.UInt32Value = (function() {

            const UInt32Value = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            UInt32Value.prototype.value = 0;

            UInt32Value.create = function(properties) {
                return new UInt32Value(properties);
            };

            UInt32Value.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.value != null && $Object.hasOwnProperty.call(message, "value") && message.value !== 0)
                    writer.uint32(8).uint32(message.value);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            UInt32Value.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.google.protobuf.UInt32Value();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.value = value;
                            else
                                delete message.value;
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
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return UInt32Value;
        })();

        protobuf.BoolValue = (function() {

            const BoolValue = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            BoolValue.prototype.value = false;

            BoolValue.create = function(properties) {
                return new BoolValue(properties);
            };

            BoolValue.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.value != null && $Object.hasOwnProperty.call(message, "value") && message.value !== false)
                    writer.uint32(8).bool(message.value);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            BoolValue.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.google.protobuf.BoolValue();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.bool())
                                message.value = value;
                            else
                                delete message.value;
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
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return BoolValue;
        })();

        protobuf.StringValue = (function() {

            const StringValue = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            StringValue.prototype.value = "";

            StringValue.create = function(properties) {
                return new StringValue(properties);
            };

            StringValue.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.value != null && $Object.hasOwnProperty.call(message, "value") && message.value !== "")
                    writer.uint32(10).string(message.value);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            StringValue.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.google.protobuf.StringValue();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.value = value;
                            else
                                delete message.value;
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
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return StringValue;
        })();

        protobuf.BytesValue = (function() {

            const BytesValue = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            BytesValue.prototype.value = $util.newBuffer([]);

            BytesValue.create = function(properties) {
                return new BytesValue(properties);
            };

            BytesValue.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.value != null && $Object.hasOwnProperty.call(message, "value") && message.value.length)
                    writer.uint32(10).bytes(message.value);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            BytesValue.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.google.protobuf.BytesValue();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.value = value;
                            else
                                delete message.value;
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
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return BytesValue;
        })();

        return protobuf;
    })();

    return google;
})();

export {
  $root as default
};
