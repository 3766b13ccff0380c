// Differential property tests against protobuf-es, driven by the descriptors, over this
// repository's own test schemas (Google's are in google-schemas.test.ts): see
// differential-suite.ts for what each message is put through.

import { differentialSuite, fuzzRuns } from "./differential-suite.js";
import { file_tickwire_orders_v1_orders } from "./gen/tickwire/orders/v1/orders_pb.js";
import * as generated from "./gen/tickwire/orders/v1/orders_tw.js";
import { file_tickwire_wkt_v1_json_values } from "./gen/tickwire/wkt/v1/json_values_pb.js";
import * as generatedJsonValues from "./gen/tickwire/wkt/v1/json_values_tw.js";
import { codecsOf } from "./generated.js";

differentialSuite(
  [
    ...codecsOf(file_tickwire_orders_v1_orders, generated),
    // google.protobuf.Value and ListValue as fields: singular, repeated, map values, oneof members.
    ...codecsOf(file_tickwire_wkt_v1_json_values, generatedJsonValues),
  ],
  // 100 a property in pnpm test (300 until CI had to fit in 9 minutes: Order alone took ~40 CPU-s at 300); the
  // reliability campaign's `generated` part runs it at 3 and 30 times this.
  fuzzRuns(100),
);
