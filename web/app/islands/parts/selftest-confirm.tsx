export { ConfirmSelfTestMail as default } from "@/features/selftest/components/confirm-mail";
