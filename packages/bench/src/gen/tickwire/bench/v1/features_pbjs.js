/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "protobufjs/minimal.js";

const $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
const $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError;

const $root = $protobuf.roots["tickwire_bench_features"] || ($protobuf.roots["tickwire_bench_features"] = {});

export const tickwire = $root.tickwire = (() => {

    const tickwire = {};

    tickwire.bench = (function() {

        const bench = {};

        bench.v1 = (function() {

            const v1 = {};

            v1.Level = (function() {
                const valuesById = $Object.create(null), values = $Object.create(valuesById);
                values[valuesById[0] = "LEVEL_UNSPECIFIED"] = 0;
                values[valuesById[1] = "LEVEL_LOW"] = 1;
                values[valuesById[2] = "LEVEL_MID"] = 2;
                values[valuesById[3] = "LEVEL_HIGH"] = 3;
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
                    message = _target || new $root.tickwire.bench.v1.Scalars();
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

            v1.PackedScalars = (function() {

                const PackedScalars = function (properties) {
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
                    this.fEnum = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                PackedScalars.prototype.fDouble = $util.emptyArray;
                PackedScalars.prototype.fFloat = $util.emptyArray;
                PackedScalars.prototype.fInt32 = $util.emptyArray;
                PackedScalars.prototype.fInt64 = $util.emptyArray;
                PackedScalars.prototype.fUint32 = $util.emptyArray;
                PackedScalars.prototype.fUint64 = $util.emptyArray;
                PackedScalars.prototype.fSint32 = $util.emptyArray;
                PackedScalars.prototype.fSint64 = $util.emptyArray;
                PackedScalars.prototype.fFixed32 = $util.emptyArray;
                PackedScalars.prototype.fFixed64 = $util.emptyArray;
                PackedScalars.prototype.fSfixed32 = $util.emptyArray;
                PackedScalars.prototype.fSfixed64 = $util.emptyArray;
                PackedScalars.prototype.fBool = $util.emptyArray;
                PackedScalars.prototype.fEnum = $util.emptyArray;

                PackedScalars.create = function(properties) {
                    return new PackedScalars(properties);
                };

                PackedScalars.encode = function (message, writer, _depth) {
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
                    if (message.fEnum != null && message.fEnum.length)
                        writer.uint32(114).int32s(message.fEnum);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                PackedScalars.decode = function (reader, length, _end, _depth, _target) {
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
                    message = _target || new $root.tickwire.bench.v1.PackedScalars();
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

                return PackedScalars;
            })();

            v1.Point = (function() {

                const Point = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Point.prototype.id = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                Point.prototype.x = 0;
                Point.prototype.y = 0;
                Point.prototype.label = "";
                Point.prototype.level = 0;
                Point.prototype.flags = 0;

                Point.create = function(properties) {
                    return new Point(properties);
                };

                Point.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.id != null && $Object.hasOwnProperty.call(message, "id") && (typeof message.id === "object" ? message.id.low || message.id.high : message.id !== 0))
                        writer.uint32(8).int64(message.id);
                    if (message.x != null && $Object.hasOwnProperty.call(message, "x") && !$Object.is(message.x, 0))
                        writer.uint32(17).double(message.x);
                    if (message.y != null && $Object.hasOwnProperty.call(message, "y") && !$Object.is(message.y, 0))
                        writer.uint32(25).double(message.y);
                    if (message.label != null && $Object.hasOwnProperty.call(message, "label") && message.label !== "")
                        writer.uint32(34).string(message.label);
                    if (message.level != null && $Object.hasOwnProperty.call(message, "level") && message.level !== 0)
                        writer.uint32(40).int32(message.level);
                    if (message.flags != null && $Object.hasOwnProperty.call(message, "flags") && message.flags !== 0)
                        writer.uint32(48).uint32(message.flags);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Point.decode = function (reader, length, _end, _depth, _target) {
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
                    message = _target || new $root.tickwire.bench.v1.Point();
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
                                    message.id = value;
                                else
                                    delete message.id;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 1)
                                    break;
                                if (!$Object.is(value = reader.double(), 0))
                                    message.x = value;
                                else
                                    delete message.x;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 1)
                                    break;
                                if (!$Object.is(value = reader.double(), 0))
                                    message.y = value;
                                else
                                    delete message.y;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.label = value;
                                else
                                    delete message.label;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.level = value;
                                else
                                    delete message.level;
                                continue;
                            }
                        case 6: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.flags = value;
                                else
                                    delete message.flags;
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

                return Point;
            })();

            v1.RepeatedMessages = (function() {

                const RepeatedMessages = function (properties) {
                    this.points = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                RepeatedMessages.prototype.points = $util.emptyArray;

                RepeatedMessages.create = function(properties) {
                    return new RepeatedMessages(properties);
                };

                RepeatedMessages.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.points != null && message.points.length)
                        for (let i = 0; i < message.points.length; ++i)
                            $root.tickwire.bench.v1.Point.encode(message.points[i], writer.uint32(10).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                RepeatedMessages.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.tickwire.bench.v1.RepeatedMessages();
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
                                if (!(message.points && message.points.length))
                                    message.points = [];
                                message.points.push($root.tickwire.bench.v1.Point.decode(reader, reader.size(), $undefined, _depth + 1));
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

                return RepeatedMessages;
            })();

            v1.StringMap = (function() {

                const StringMap = function (properties) {
                    this.entries = {};
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                StringMap.prototype.entries = $util.emptyObject;

                StringMap.create = function(properties) {
                    return new StringMap(properties);
                };

                StringMap.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.entries != null && $Object.hasOwnProperty.call(message, "entries"))
                        for (let keys = $Object.keys(message.entries), i = 0; i < keys.length; ++i)
                            writer.uint32(10).fork().uint32(10).string(keys[i]).uint32(18).string(message.entries[keys[i]]).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                StringMap.decode = function (reader, length, _end, _depth, _target) {
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
                    message = _target || new $root.tickwire.bench.v1.StringMap();
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
                                if (message.entries === $util.emptyObject)
                                    message.entries = {};
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
                                    $util.makeProp(message.entries, key);
                                message.entries[key] = value;
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

                return StringMap;
            })();

            v1.MessageMap = (function() {

                const MessageMap = function (properties) {
                    this.entries = {};
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                MessageMap.prototype.entries = $util.emptyObject;

                MessageMap.create = function(properties) {
                    return new MessageMap(properties);
                };

                MessageMap.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.entries != null && $Object.hasOwnProperty.call(message, "entries"))
                        for (let keys = $Object.keys(message.entries), i = 0; i < keys.length; ++i) {
                            writer.uint32(10).fork().uint32(10).string(keys[i]);
                            $root.tickwire.bench.v1.Point.encode(message.entries[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
                        }
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                MessageMap.decode = function (reader, length, _end, _depth, _target) {
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
                    message = _target || new $root.tickwire.bench.v1.MessageMap();
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
                                if (message.entries === $util.emptyObject)
                                    message.entries = {};
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
                                        value = $root.tickwire.bench.v1.Point.decode(reader, reader.size(), $undefined, _depth + 1, value);
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.entries, key);
                                message.entries[key] = value || new $root.tickwire.bench.v1.Point();
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

                return MessageMap;
            })();

            v1.Node = (function() {

                const Node = function (properties) {
                    this.deltas = [];
                    this.children = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Node.prototype.name = "";
                Node.prototype.id = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                Node.prototype.weight = null;
                Node.prototype.level = 0;
                Node.prototype.origin = null;
                Node.prototype.text = null;
                Node.prototype.point = null;
                Node.prototype.count = null;
                Node.prototype.deltas = $util.emptyArray;
                Node.prototype.blob = $util.newBuffer([]);
                Node.prototype.children = $util.emptyArray;

                let $oneOfFields;

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(Node.prototype, "_weight", {
                    get: $util.oneOfGetter($oneOfFields = ["weight"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                $Object.defineProperty(Node.prototype, "payload", {
                    get: $util.oneOfGetter($oneOfFields = ["text", "point", "count"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                Node.create = function(properties) {
                    return new Node(properties);
                };

                Node.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                        writer.uint32(10).string(message.name);
                    if (message.id != null && $Object.hasOwnProperty.call(message, "id") && (typeof message.id === "object" ? message.id.low || message.id.high : message.id !== 0))
                        writer.uint32(16).int64(message.id);
                    if (message.weight != null && $Object.hasOwnProperty.call(message, "weight"))
                        writer.uint32(25).double(message.weight);
                    if (message.level != null && $Object.hasOwnProperty.call(message, "level") && message.level !== 0)
                        writer.uint32(32).int32(message.level);
                    if (message.origin != null && $Object.hasOwnProperty.call(message, "origin"))
                        $root.tickwire.bench.v1.Point.encode(message.origin, writer.uint32(42).fork(), _depth + 1).ldelim();
                    if (message.text != null && $Object.hasOwnProperty.call(message, "text"))
                        writer.uint32(50).string(message.text);
                    if (message.point != null && $Object.hasOwnProperty.call(message, "point"))
                        $root.tickwire.bench.v1.Point.encode(message.point, writer.uint32(58).fork(), _depth + 1).ldelim();
                    if (message.count != null && $Object.hasOwnProperty.call(message, "count"))
                        writer.uint32(64).sint32(message.count);
                    if (message.deltas != null && message.deltas.length)
                        writer.uint32(74).sint32s(message.deltas);
                    if (message.blob != null && $Object.hasOwnProperty.call(message, "blob") && message.blob.length)
                        writer.uint32(82).bytes(message.blob);
                    if (message.children != null && message.children.length)
                        for (let i = 0; i < message.children.length; ++i)
                            $root.tickwire.bench.v1.Node.encode(message.children[i], writer.uint32(90).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Node.decode = function (reader, length, _end, _depth, _target) {
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
                    message = _target || new $root.tickwire.bench.v1.Node();
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
                                    message.name = value;
                                else
                                    delete message.name;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.id = value;
                                else
                                    delete message.id;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 1)
                                    break;
                                message.weight = reader.double();
                                message._weight = "weight";
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.level = value;
                                else
                                    delete message.level;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                message.origin = $root.tickwire.bench.v1.Point.decode(reader, reader.size(), $undefined, _depth + 1, message.origin);
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                message.text = reader.stringVerify();
                                message.payload = "text";
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                message.point = $root.tickwire.bench.v1.Point.decode(reader, reader.size(), $undefined, _depth + 1, message.point);
                                message.payload = "point";
                                continue;
                            }
                        case 8: {
                                if (wireType !== 0)
                                    break;
                                message.count = reader.sint32();
                                message.payload = "count";
                                continue;
                            }
                        case 9: {
                                if (wireType === 2) {
                                    if (!(message.deltas && message.deltas.length))
                                        message.deltas = [];
                                    reader.sint32s(message.deltas);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.deltas && message.deltas.length))
                                    message.deltas = [];
                                message.deltas.push(reader.sint32());
                                continue;
                            }
                        case 10: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.bytes()).length)
                                    message.blob = value;
                                else
                                    delete message.blob;
                                continue;
                            }
                        case 11: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.children && message.children.length))
                                    message.children = [];
                                message.children.push($root.tickwire.bench.v1.Node.decode(reader, reader.size(), $undefined, _depth + 1));
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

                return Node;
            })();

            v1.Venue = (function() {
                const valuesById = $Object.create(null), values = $Object.create(valuesById);
                values[valuesById[1] = "VENUE_NSE"] = 1;
                values[valuesById[2] = "VENUE_BSE"] = 2;
                values[valuesById[3] = "VENUE_MCX"] = 3;
                return values;
            })();

            v1.LegacyQuote = (function() {

                const LegacyQuote = function (properties) {
                    this.depth = [];
                    this.routes = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                LegacyQuote.prototype.symbol = "";
                LegacyQuote.prototype.instrumentId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                LegacyQuote.prototype.price = 100.5;
                LegacyQuote.prototype.lot = 25;
                LegacyQuote.prototype.openInterest = $util.Long ? $util.Long.fromBits(-1,-1,false) : -1;
                LegacyQuote.prototype.flags = 7;
                LegacyQuote.prototype.tradable = true;
                LegacyQuote.prototype.currency = "INR";
                LegacyQuote.prototype.tag = $util.newBuffer([116,119]);
                LegacyQuote.prototype.venue = 1;
                LegacyQuote.prototype.depth = $util.emptyArray;
                LegacyQuote.prototype.routes = $util.emptyArray;
                LegacyQuote.prototype.limits = null;

                LegacyQuote.create = function(properties) {
                    return new LegacyQuote(properties);
                };

                LegacyQuote.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    writer.uint32(10).string(message.symbol);
                    writer.uint32(16).int64(message.instrumentId);
                    if (message.price != null && $Object.hasOwnProperty.call(message, "price"))
                        writer.uint32(25).double(message.price);
                    if (message.lot != null && $Object.hasOwnProperty.call(message, "lot"))
                        writer.uint32(32).int32(message.lot);
                    if (message.openInterest != null && $Object.hasOwnProperty.call(message, "openInterest"))
                        writer.uint32(40).sint64(message.openInterest);
                    if (message.flags != null && $Object.hasOwnProperty.call(message, "flags"))
                        writer.uint32(53).fixed32(message.flags);
                    if (message.tradable != null && $Object.hasOwnProperty.call(message, "tradable"))
                        writer.uint32(56).bool(message.tradable);
                    if (message.currency != null && $Object.hasOwnProperty.call(message, "currency"))
                        writer.uint32(66).string(message.currency);
                    if (message.tag != null && $Object.hasOwnProperty.call(message, "tag"))
                        writer.uint32(74).bytes(message.tag);
                    if (message.venue != null && $Object.hasOwnProperty.call(message, "venue"))
                        writer.uint32(80).int32(message.venue);
                    if (message.depth != null && message.depth.length)
                        for (let i = 0; i < message.depth.length; ++i)
                            writer.uint32(88).int32(message.depth[i]);
                    if (message.routes != null && message.routes.length)
                        for (let i = 0; i < message.routes.length; ++i)
                            writer.uint32(96).int32(message.routes[i]);
                    if (message.limits != null && $Object.hasOwnProperty.call(message, "limits"))
                        $root.tickwire.bench.v1.LegacyQuote.Limits.encode(message.limits, writer.uint32(107), _depth + 1).uint32(108);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                LegacyQuote.decode = function (reader, length, _end, _depth, _target) {
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
                    message = _target || new $root.tickwire.bench.v1.LegacyQuote();
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
                                message.symbol = reader.string();
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                message.instrumentId = reader.int64();
                                continue;
                            }
                        case 3: {
                                if (wireType !== 1)
                                    break;
                                message.price = reader.double();
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                message.lot = reader.int32();
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                message.openInterest = reader.sint64();
                                continue;
                            }
                        case 6: {
                                if (wireType !== 5)
                                    break;
                                message.flags = reader.fixed32();
                                continue;
                            }
                        case 7: {
                                if (wireType !== 0)
                                    break;
                                message.tradable = reader.bool();
                                continue;
                            }
                        case 8: {
                                if (wireType !== 2)
                                    break;
                                message.currency = reader.string();
                                continue;
                            }
                        case 9: {
                                if (wireType !== 2)
                                    break;
                                message.tag = reader.bytes();
                                continue;
                            }
                        case 10: {
                                if (wireType !== 0)
                                    break;
                                value = reader.int32();
                                if ($root.tickwire.bench.v1.Venue[value] !== $undefined)
                                    message.venue = value;
                                else if (!reader.discardUnknown) {
                                    $util.makeProp(message, "$unknowns", false);
                                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                                }
                                continue;
                            }
                        case 11: {
                                if (wireType === 2) {
                                    if (!(message.depth && message.depth.length))
                                        message.depth = [];
                                    reader.int32s(message.depth);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.depth && message.depth.length))
                                    message.depth = [];
                                message.depth.push(reader.int32());
                                continue;
                            }
                        case 12: {
                                if (wireType === 2) {
                                    let end2 = reader.size() + reader.pos;
                                    if (end2 > reader.len)
                                        throw $RangeError("index out of range");
                                    reader.len = end2;
                                    while (reader.pos < end2) {
                                        start = reader.pos;
                                        value = reader.int32();
                                        if ($root.tickwire.bench.v1.Venue[value] !== $undefined) {
                                            if (!(message.routes && message.routes.length))
                                                message.routes = [];
                                            message.routes.push(value);
                                        } else if (!reader.discardUnknown) {
                                            $util.makeProp(message, "$unknowns", false);
                                            (message.$unknowns || (message.$unknowns = [])).push($util.rawField(12, 0, reader.raw(start, reader.pos)));
                                        }
                                    }
                                    if (reader.pos !== end2)
                                        throw $RangeError("index out of range");
                                    reader.len = end;
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                value = reader.int32();
                                if ($root.tickwire.bench.v1.Venue[value] !== $undefined) {
                                    if (!(message.routes && message.routes.length))
                                        message.routes = [];
                                    message.routes.push(value);
                                } else if (!reader.discardUnknown) {
                                    $util.makeProp(message, "$unknowns", false);
                                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                                }
                                continue;
                            }
                        case 13: {
                                if (wireType !== 3)
                                    break;
                                message.limits = $root.tickwire.bench.v1.LegacyQuote.Limits.decode(reader, $undefined, 108, _depth + 1, message.limits);
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
                    if (!$Object.hasOwnProperty.call(message, "symbol"))
                        throw $util.ProtocolError("missing required 'symbol'", { instance: message });
                    if (!$Object.hasOwnProperty.call(message, "instrumentId"))
                        throw $util.ProtocolError("missing required 'instrumentId'", { instance: message });
                    return message;
                };

                LegacyQuote.Limits = (function() {

                    const Limits = function (properties) {
                        if (properties)
                            for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                                if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                    this[keys[i]] = properties[keys[i]];
                    };

                    Limits.prototype.upper = 1.5;
                    Limits.prototype.lower = 0;
                    Limits.prototype.band = 20;

                    Limits.create = function(properties) {
                        return new Limits(properties);
                    };

                    Limits.encode = function (message, writer, _depth) {
                        if (!writer)
                            writer = $Writer.create();
                        if (_depth === $undefined)
                            _depth = 0;
                        if (_depth > $util.recursionLimit)
                            throw $Error("max depth exceeded");
                        if (message.upper != null && $Object.hasOwnProperty.call(message, "upper"))
                            writer.uint32(113).double(message.upper);
                        if (message.lower != null && $Object.hasOwnProperty.call(message, "lower"))
                            writer.uint32(121).double(message.lower);
                        if (message.band != null && $Object.hasOwnProperty.call(message, "band"))
                            writer.uint32(128).uint32(message.band);
                        if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                            for (let i = 0; i < message.$unknowns.length; ++i)
                                writer.raw(message.$unknowns[i]);
                        return writer;
                    };

                    Limits.decode = function (reader, length, _end, _depth, _target) {
                        if (!(reader instanceof $Reader))
                            reader = $Reader.create(reader);
                        if (_depth === $undefined)
                            _depth = 0;
                        if (_depth > $Reader.recursionLimit)
                            throw $Error("max depth exceeded");
                        let end, message;
                        if (length === $undefined)
                            end = reader.len;
                        else {
                            end = reader.pos + length;
                            if (end > reader.len)
                                throw $RangeError("index out of range");
                            length = reader.len;
                            reader.len = end;
                        }
                        message = _target || new $root.tickwire.bench.v1.LegacyQuote.Limits();
                        while (reader.pos < end) {
                            let start = reader.pos;
                            let tag = reader.tag();
                            if (tag === _end) {
                                _end = $undefined;
                                break;
                            }
                            let wireType = tag & 7;
                            switch (tag >>>= 3) {
                            case 14: {
                                    if (wireType !== 1)
                                        break;
                                    message.upper = reader.double();
                                    continue;
                                }
                            case 15: {
                                    if (wireType !== 1)
                                        break;
                                    message.lower = reader.double();
                                    continue;
                                }
                            case 16: {
                                    if (wireType !== 0)
                                        break;
                                    message.band = reader.uint32();
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

                    return Limits;
                })();

                return LegacyQuote;
            })();

            v1.Event = (function() {

                const Event = function (properties) {
                    this.items = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Event.prototype.kind = "";
                Event.prototype.sequence = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                Event.prototype.attributes = null;
                Event.prototype.context = null;
                Event.prototype.items = $util.emptyArray;

                Event.create = function(properties) {
                    return new Event(properties);
                };

                Event.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind") && message.kind !== "")
                        writer.uint32(10).string(message.kind);
                    if (message.sequence != null && $Object.hasOwnProperty.call(message, "sequence") && (typeof message.sequence === "object" ? message.sequence.low || message.sequence.high : message.sequence !== 0))
                        writer.uint32(16).int64(message.sequence);
                    if (message.attributes != null && $Object.hasOwnProperty.call(message, "attributes"))
                        $root.google.protobuf.Struct.encode(message.attributes, writer.uint32(26).fork(), _depth + 1).ldelim();
                    if (message.context != null && $Object.hasOwnProperty.call(message, "context"))
                        $root.google.protobuf.Struct.encode(message.context, writer.uint32(34).fork(), _depth + 1).ldelim();
                    if (message.items != null && message.items.length)
                        for (let i = 0; i < message.items.length; ++i)
                            $root.google.protobuf.Struct.encode(message.items[i], writer.uint32(42).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Event.decode = function (reader, length, _end, _depth, _target) {
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
                    message = _target || new $root.tickwire.bench.v1.Event();
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
                                    message.kind = value;
                                else
                                    delete message.kind;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.sequence = value;
                                else
                                    delete message.sequence;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                message.attributes = $root.google.protobuf.Struct.decode(reader, reader.size(), $undefined, _depth + 1, message.attributes);
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                message.context = $root.google.protobuf.Struct.decode(reader, reader.size(), $undefined, _depth + 1, message.context);
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.items && message.items.length))
                                    message.items = [];
                                message.items.push($root.google.protobuf.Struct.decode(reader, reader.size(), $undefined, _depth + 1));
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

                return Event;
            })();

            v1.Fill = (function() {

                const Fill = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Fill.prototype.tradeId = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                Fill.prototype.price = 0;
                Fill.prototype.quantity = 0;
                Fill.prototype.venue = "";

                Fill.create = function(properties) {
                    return new Fill(properties);
                };

                Fill.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.tradeId != null && $Object.hasOwnProperty.call(message, "tradeId"))
                        writer.uint32(8).int64(message.tradeId);
                    if (message.price != null && $Object.hasOwnProperty.call(message, "price"))
                        writer.uint32(17).double(message.price);
                    if (message.quantity != null && $Object.hasOwnProperty.call(message, "quantity"))
                        writer.uint32(24).int32(message.quantity);
                    if (message.venue != null && $Object.hasOwnProperty.call(message, "venue"))
                        writer.uint32(34).string(message.venue);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Fill.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.tickwire.bench.v1.Fill();
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
                                message.tradeId = reader.int64();
                                continue;
                            }
                        case 2: {
                                if (wireType !== 1)
                                    break;
                                message.price = reader.double();
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                message.quantity = reader.int32();
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                message.venue = reader.stringVerify();
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

                return Fill;
            })();

            v1.Execution = (function() {

                const Execution = function (properties) {
                    this.fills = [];
                    this.deltas = [];
                    this.sizes = [];
                    this.marks = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Execution.prototype.orderId = "";
                Execution.prototype.account = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
                Execution.prototype.averagePrice = 0;
                Execution.prototype.filled = 0;
                Execution.prototype.done = false;
                Execution.prototype.last = null;
                Execution.prototype.fills = $util.emptyArray;
                Execution.prototype.deltas = $util.emptyArray;
                Execution.prototype.sizes = $util.emptyArray;
                Execution.prototype.marks = $util.emptyArray;

                Execution.create = function(properties) {
                    return new Execution(properties);
                };

                Execution.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.orderId != null && $Object.hasOwnProperty.call(message, "orderId"))
                        writer.uint32(10).string(message.orderId);
                    if (message.account != null && $Object.hasOwnProperty.call(message, "account") && (typeof message.account === "object" ? message.account.low || message.account.high : message.account !== 0))
                        writer.uint32(16).int64(message.account);
                    if (message.averagePrice != null && $Object.hasOwnProperty.call(message, "averagePrice"))
                        writer.uint32(25).double(message.averagePrice);
                    if (message.filled != null && $Object.hasOwnProperty.call(message, "filled"))
                        writer.uint32(32).uint32(message.filled);
                    if (message.done != null && $Object.hasOwnProperty.call(message, "done"))
                        writer.uint32(40).bool(message.done);
                    if (message.last != null && $Object.hasOwnProperty.call(message, "last"))
                        $root.tickwire.bench.v1.Fill.encode(message.last, writer.uint32(51), _depth + 1).uint32(52);
                    if (message.fills != null && message.fills.length)
                        for (let i = 0; i < message.fills.length; ++i)
                            $root.tickwire.bench.v1.Fill.encode(message.fills[i], writer.uint32(59), _depth + 1).uint32(60);
                    if (message.deltas != null && message.deltas.length)
                        writer.uint32(66).sint64s(message.deltas);
                    if (message.sizes != null && message.sizes.length)
                        for (let i = 0; i < message.sizes.length; ++i)
                            writer.uint32(72).uint32(message.sizes[i]);
                    if (message.marks != null && message.marks.length)
                        writer.uint32(82).doubles(message.marks);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Execution.decode = function (reader, length, _end, _depth, _target) {
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
                    message = _target || new $root.tickwire.bench.v1.Execution();
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
                                message.orderId = reader.stringVerify();
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.account = value;
                                else
                                    delete message.account;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 1)
                                    break;
                                message.averagePrice = reader.double();
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                message.filled = reader.uint32();
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                message.done = reader.bool();
                                continue;
                            }
                        case 6: {
                                if (wireType !== 3)
                                    break;
                                message.last = $root.tickwire.bench.v1.Fill.decode(reader, $undefined, 52, _depth + 1, message.last);
                                continue;
                            }
                        case 7: {
                                if (wireType !== 3)
                                    break;
                                if (!(message.fills && message.fills.length))
                                    message.fills = [];
                                message.fills.push($root.tickwire.bench.v1.Fill.decode(reader, $undefined, 60, _depth + 1));
                                continue;
                            }
                        case 8: {
                                if (wireType === 2) {
                                    if (!(message.deltas && message.deltas.length))
                                        message.deltas = [];
                                    reader.sint64s(message.deltas);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.deltas && message.deltas.length))
                                    message.deltas = [];
                                message.deltas.push(reader.sint64());
                                continue;
                            }
                        case 9: {
                                if (wireType === 2) {
                                    if (!(message.sizes && message.sizes.length))
                                        message.sizes = [];
                                    reader.uint32s(message.sizes);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.sizes && message.sizes.length))
                                    message.sizes = [];
                                message.sizes.push(reader.uint32());
                                continue;
                            }
                        case 10: {
                                if (wireType === 2) {
                                    if (!(message.marks && message.marks.length))
                                        message.marks = [];
                                    reader.doubles(message.marks);
                                    continue;
                                }
                                if (wireType !== 1)
                                    break;
                                if (!(message.marks && message.marks.length))
                                    message.marks = [];
                                message.marks.push(reader.double());
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

                return Execution;
            })();

            return v1;
        })();

        return bench;
    })();

    return tickwire;
})();

export const google = $root.google = (() => {

    const google = {};

    google.protobuf = (function() {

        const protobuf = {};

        protobuf.Struct = (function() {

            const Struct = function (properties) {
                this.fields = {};
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            Struct.prototype.fields = $util.emptyObject;

            Struct.create = function(properties) {
                return new Struct(properties);
            };

            Struct.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.fields != null && $Object.hasOwnProperty.call(message, "fields"))
                    for (let keys = $Object.keys(message.fields), i = 0; i < keys.length; ++i) {
                        writer.uint32(10).fork().uint32(10).string(keys[i]);
                        $root.google.protobuf.Value.encode(message.fields[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
                    }
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            Struct.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.google.protobuf.Struct();
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
                            if (message.fields === $util.emptyObject)
                                message.fields = {};
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
                                    value = $root.google.protobuf.Value.decode(reader, reader.size(), $undefined, _depth + 1, value);
                                    continue;
                                }
                                reader.skipType(wireType, _depth, tag2);
                            }
                            if (reader.pos !== end2)
                                throw $RangeError("index out of range");
                            reader.len = end;
                            if (key === "__proto__")
                                $util.makeProp(message.fields, key);
                            message.fields[key] = value || new $root.google.protobuf.Value();
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

            return Struct;
        })();

        protobuf.Value = (function() {

            const Value = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            Value.prototype.nullValue = null;
            Value.prototype.numberValue = null;
            Value.prototype.stringValue = null;
            Value.prototype.boolValue = null;
            Value.prototype.structValue = null;
            Value.prototype.listValue = null;

            let $oneOfFields;

            $Object.defineProperty(Value.prototype, "kind", {
                get: $util.oneOfGetter($oneOfFields = ["nullValue", "numberValue", "stringValue", "boolValue", "structValue", "listValue"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            Value.create = function(properties) {
                return new Value(properties);
            };

            Value.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.nullValue != null && $Object.hasOwnProperty.call(message, "nullValue"))
                    writer.uint32(8).int32(message.nullValue);
                if (message.numberValue != null && $Object.hasOwnProperty.call(message, "numberValue"))
                    writer.uint32(17).double(message.numberValue);
                if (message.stringValue != null && $Object.hasOwnProperty.call(message, "stringValue"))
                    writer.uint32(26).string(message.stringValue);
                if (message.boolValue != null && $Object.hasOwnProperty.call(message, "boolValue"))
                    writer.uint32(32).bool(message.boolValue);
                if (message.structValue != null && $Object.hasOwnProperty.call(message, "structValue"))
                    $root.google.protobuf.Struct.encode(message.structValue, writer.uint32(42).fork(), _depth + 1).ldelim();
                if (message.listValue != null && $Object.hasOwnProperty.call(message, "listValue"))
                    $root.google.protobuf.ListValue.encode(message.listValue, writer.uint32(50).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            Value.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.google.protobuf.Value();
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
                            message.nullValue = reader.int32();
                            message.kind = "nullValue";
                            continue;
                        }
                    case 2: {
                            if (wireType !== 1)
                                break;
                            message.numberValue = reader.double();
                            message.kind = "numberValue";
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            message.stringValue = reader.stringVerify();
                            message.kind = "stringValue";
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            message.boolValue = reader.bool();
                            message.kind = "boolValue";
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            message.structValue = $root.google.protobuf.Struct.decode(reader, reader.size(), $undefined, _depth + 1, message.structValue);
                            message.kind = "structValue";
                            continue;
                        }
                    case 6: {
                            if (wireType !== 2)
                                break;
                            message.listValue = $root.google.protobuf.ListValue.decode(reader, reader.size(), $undefined, _depth + 1, message.listValue);
                            message.kind = "listValue";
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

            return Value;
        })();

        protobuf.NullValue = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "NULL_VALUE"] = 0;
            return values;
        })();

        protobuf.ListValue = (function() {

            const ListValue = function (properties) {
                this.values = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            ListValue.prototype.values = $util.emptyArray;

            ListValue.create = function(properties) {
                return new ListValue(properties);
            };

            ListValue.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.values != null && message.values.length)
                    for (let i = 0; i < message.values.length; ++i)
                        $root.google.protobuf.Value.encode(message.values[i], writer.uint32(10).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            ListValue.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.google.protobuf.ListValue();
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
                            if (!(message.values && message.values.length))
                                message.values = [];
                            message.values.push($root.google.protobuf.Value.decode(reader, reader.size(), $undefined, _depth + 1));
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

            return ListValue;
        })();

        return protobuf;
    })();

    return google;
})();

export {
  $root as default
};
