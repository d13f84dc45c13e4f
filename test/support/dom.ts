import { GlobalRegistrator } from "@happy-dom/global-registrator";

// happy-dom replaces fetch, Request, Response and Headers globally; client tests run in their own
// bun process (see test/run.sh) so the server suites keep Bun's own.
GlobalRegistrator.register({ url: "http://localhost:3000/" });
document.documentElement.classList.add("dark");
