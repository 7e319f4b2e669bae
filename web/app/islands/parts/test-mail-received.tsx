export { TestMailReceived as default } from "@/features/go-live/components/test-mail-received";
