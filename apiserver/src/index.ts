import { hello } from "@capstan/common"; console.log(hello, process.version);
