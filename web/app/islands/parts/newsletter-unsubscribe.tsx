export { Unsubscribe as default } from "@/features/newsletter/components/unsubscribe";
