export { ConfirmSubscription as default } from "@/features/newsletter/components/confirm-subscription";
