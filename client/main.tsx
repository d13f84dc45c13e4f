import { App } from "@client/app/App";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { z } from "zod";

// The page's policy allows no evaluated script; zod would otherwise probe `new Function` (refused,
// and reported as a violation) before falling back to the same checks without it.
z.config({ jitless: true });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
