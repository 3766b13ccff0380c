#!/usr/bin/env node
import { runNodeJs } from "@bufbuild/protoplugin";
import { protocGenTickwire } from "./plugin.js";

runNodeJs(protocGenTickwire);
