// Hand-written per the commerce API contract (notes/commerce-contract.md); to be replaced by
// the types generated from the server's OpenAPI document (app/lib/api-schema.d.ts).
import type { PublicEvent } from "@/lib/api-types";

export type ProductKind = "course" | "event";
export type ProductEventKind = "vertelavond" | "zelfbeeld" | "webinar";

/** GET /api/products: one active product. Prices are VAT-inclusive euro cents. */
export interface Product {
  slug: string;
  name: string;
  description: string;
  kind: ProductKind;
  event_kind: ProductEventKind | null;
  price_cents: number;
  page_path: string;
  max_per_order: number;
}

/** GET /api/products/{slug}: for kind "event", the published upcoming events, soonest first. */
export interface ProductDetail extends Product {
  events: PublicEvent[];
}
