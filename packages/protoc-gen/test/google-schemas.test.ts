// Google's own test schemas (test/proto-google, see its README) through the differential suite
// against protobuf-es: proto2 (defaults on the prototype, custom defaults, required fields,
// closed enums, groups, extensions kept as unknown fields), editions 2023 (delimited messages,
// closed enums, unvalidated strings, explicit and implicit presence per field), and proto3 with
// every well-known type as a field (Struct as a JSON object, Any, wrappers, Timestamp, Duration,
// FieldMask, Empty, Value, ListValue), every map key type, and a proto3 file reaching proto2 imports.

import { differentialSuite, fuzzRuns } from "./differential-suite.js";
import { file_conformance_test_protos_test_messages_edition2023 } from "./gen/conformance/test_protos/test_messages_edition2023_pb.js";
import * as edition2023 from "./gen/conformance/test_protos/test_messages_edition2023_tw.js";
import { file_google_protobuf_map_unittest } from "./gen/google/protobuf/map_unittest_pb.js";
import * as mapUnittest from "./gen/google/protobuf/map_unittest_tw.js";
import { file_google_protobuf_test_messages_proto2 } from "./gen/google/protobuf/test_messages_proto2_pb.js";
import * as proto2 from "./gen/google/protobuf/test_messages_proto2_tw.js";
import { file_google_protobuf_test_messages_proto3 } from "./gen/google/protobuf/test_messages_proto3_pb.js";
import * as proto3 from "./gen/google/protobuf/test_messages_proto3_tw.js";
import { file_google_protobuf_unittest_import } from "./gen/google/protobuf/unittest_import_pb.js";
import { file_google_protobuf_unittest_import_public } from "./gen/google/protobuf/unittest_import_public_pb.js";
import * as unittestImportPublic from "./gen/google/protobuf/unittest_import_public_tw.js";
import * as unittestImport from "./gen/google/protobuf/unittest_import_tw.js";
import { file_google_protobuf_unittest_proto3 } from "./gen/google/protobuf/unittest_proto3_pb.js";
import * as unittestProto3 from "./gen/google/protobuf/unittest_proto3_tw.js";
import { codecsOf } from "./generated.js";

differentialSuite(
  [
    ...codecsOf(file_google_protobuf_test_messages_proto3, proto3),
    ...codecsOf(file_google_protobuf_test_messages_proto2, proto2),
    ...codecsOf(file_conformance_test_protos_test_messages_edition2023, edition2023),
    ...codecsOf(file_google_protobuf_unittest_proto3, unittestProto3),
    ...codecsOf(file_google_protobuf_unittest_import, unittestImport),
    ...codecsOf(file_google_protobuf_unittest_import_public, unittestImportPublic),
    ...codecsOf(file_google_protobuf_map_unittest, mapUnittest),
  ],
  // Over 100 messages: fewer runs each than the repository's own schemas get (60 until CI had to fit in 9 minutes;
  // the reliability campaign's `generated` part runs 60 and 600).
  fuzzRuns(20),
);
