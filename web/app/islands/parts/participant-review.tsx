export { ParticipantReview as default } from "@/features/reviews/components/participant-review";
