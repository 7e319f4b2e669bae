export { SiteHeader as default } from "@/components/layout/site-header";
