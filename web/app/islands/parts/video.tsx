export { IntroVideo as default } from "@/components/ui/video-embed";
